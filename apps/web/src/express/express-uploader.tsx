import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TDocument, TExpressOrderView } from '@printomat/shared';
import { errorMessage } from '../api/client';
import { useSession } from '../api/session';
import { useLocale, useT } from '../i18n/use-t';
import { setUnloadWarning } from '../print/page-lifecycle';
import { SettingsPanel } from '../print/settings-panel';
import { takeFiles, UploadArea } from '../print/upload-area';
import { useSettingsSync } from '../print/use-settings-sync';
import { DEFAULT_MAX_UPLOAD_BYTES, formatMegabytes, useUploads } from '../print/use-uploads';
import { removeExpressDocument } from './express-api';

/**
 * The signed-in uploader's parts on an express draft: the same document rows, upload queue with
 * progress, previews and settings, talking to the order through the `UploaderApiContext` the
 * page provides. `initialFiles`: what the guest chose before the draft existed.
 */
export function ExpressUploader(props: {
  order: TExpressOrderView;
  initialFiles: readonly File[];
  refresh: () => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { order, refresh, onUploadingChange } = props;
  const job = order.printjob;
  const maxBytes = useSession().data?.max_upload_bytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [removeError, setRemoveError] = useState<string | null>(null);
  const editable = order.status === 'draft';

  const onUploaded = useCallback((_document: TDocument) => refresh(), [refresh]);
  const uploads = useUploads({
    maxBytes,
    tooLargeText: t('uploader.too_large', { limit: formatMegabytes(locale, maxBytes) }),
    failedText: t('uploader.banners.upload_failed'),
    onUploaded,
  });
  const onSaved = useCallback(() => undefined, []);
  const sync = useSettingsSync(job, onSaved, refresh);

  // The files chosen before the draft existed go first (once, also under StrictMode).
  const started = useRef(false);
  const { add } = uploads;
  useEffect(() => {
    if (started.current || props.initialFiles.length === 0) return;
    started.current = true;
    add([...props.initialFiles]);
  }, [add, props.initialFiles]);

  const uploading = uploads.slots.some((s) => s.state === 'uploading' || s.state === 'waiting');
  useEffect(() => {
    onUploadingChange(uploading);
    setUnloadWarning(uploading ? t('uploader.unload_warning') : null);
  }, [uploading, t, onUploadingChange]);
  useEffect(() => () => setUnloadWarning(null), []);

  const documents = useMemo(
    () => job.documents.filter((d) => !hidden.has(d.id)),
    [job.documents, hidden],
  );
  const used = documents.length + uploads.slots.length;
  const uploadFailed =
    uploads.slots.some((s) => s.state === 'not_uploaded') || documents.some((d) => d.is_failed);

  function addFiles(list: FileList | null) {
    if (!editable) return;
    uploads.add(takeFiles(list, used));
  }

  function remove(doc: TDocument) {
    // Hidden at once; shown again with the server's message if it was not removed.
    setHidden((h) => new Set(h).add(doc.id));
    setRemoveError(null);
    removeExpressDocument(order.token, doc.id)
      .then(refresh)
      .catch((error: unknown) => {
        setHidden((h) => new Set([...h].filter((id) => id !== doc.id)));
        setRemoveError(errorMessage(error, t('express_page.errors.generic')));
      });
  }

  return (
    <>
      <section className="express-files" aria-label={t('express_page.order.documents_title')}>
        {uploadFailed && (
          <p className="banner banner--danger" role="alert" data-testid="banner-upload-failed">
            {t('uploader.banners.upload_failed')}
          </p>
        )}
        {removeError && (
          <p className="banner banner--danger" role="alert">
            {removeError}
          </p>
        )}
        <UploadArea
          documents={documents}
          slots={uploads.slots}
          editable={editable}
          showCost={false}
          onFiles={addFiles}
          onRemove={remove}
          onChanged={refresh}
          onCancel={uploads.cancel}
        />
      </section>
      {sync.settings && (
        <SettingsPanel
          settings={sync.settings}
          // Guests pay per page in money: every setting is theirs to choose.
          kind="standard"
          disabled={!editable}
          onChange={sync.change}
        />
      )}
    </>
  );
}
