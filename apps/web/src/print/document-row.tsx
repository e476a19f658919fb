import { useEffect, useRef, useState } from 'react';
import { MAX_COPIES, type TDocument } from '@printomat/shared';
import { ApiError } from '../api/client';
import { useModal } from '../modal/modal-context';
import { useT } from '../i18n/use-t';
import { useUploaderApi } from './uploader-api';
import type { TSlot } from './use-uploads';

const ICON_LABEL: Record<TDocument['icon'], string> = {
  pdf: 'PDF',
  image: 'IMG',
  word: 'DOC',
  sheet: 'XLS',
  slides: 'PPT',
  text: 'TXT',
  file: 'FILE',
};

/** A document the server has: pages, colour, price, copies, preview and remove. */
export function DocumentRow(props: {
  document: TDocument;
  editable: boolean;
  onRemove: () => void;
  onChanged: () => void;
  /** The price in pages; the express pages price the whole order in money instead. */
  showCost?: boolean;
}) {
  const t = useT();
  const { openModal } = useModal();
  const { saveCopies, preview } = useUploaderApi();
  const { document: doc, editable } = props;
  // What the person is typing; null shows the server's value.
  const [typed, setTyped] = useState<string | null>(null);
  const copies = typed ?? String(doc.copies);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const processing = !doc.is_failed && doc.page_count === null;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function changeCopies(value: string) {
    setTyped(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      saveCopies(doc.id, Number(value))
        .then(() => {
          setError(null);
          setTyped(null);
          props.onChanged();
        })
        .catch((err: unknown) => {
          setError(
            err instanceof ApiError ? (err.fieldErrors.copies?.[0] ?? err.message) : String(err),
          );
        });
    }, 400);
  }

  return (
    <li
      className={`doc-row${doc.is_failed ? ' doc-row--failed' : ''}`}
      data-testid="document-row"
      data-state={doc.is_failed ? 'failed' : processing ? 'processing' : 'uploaded'}
    >
      <span className={`doc-row__icon doc-row__icon--${doc.icon}`} aria-hidden="true">
        {ICON_LABEL[doc.icon]}
      </span>
      <div className="doc-row__main">
        <p className="doc-row__name">{doc.name}</p>
        {doc.is_failed ? (
          <p className="doc-row__error" role="alert">
            {doc.failure_reason}
          </p>
        ) : processing ? (
          <p className="doc-row__meta">{t('uploader.state.processing')}</p>
        ) : (
          <p className="doc-row__meta">
            <span data-testid="doc-pages">
              {t('uploader.pages', { count: doc.page_count ?? 0 })}
            </span>
            {' · '}
            <span data-testid="doc-colour">
              {t('uploader.colour_pages', { count: doc.color_pages.length })}
            </span>
            {props.showCost !== false && (
              <>
                {' · '}
                <strong data-testid="doc-cost">{t('uploader.cost', { count: doc.cost })}</strong>
              </>
            )}
          </p>
        )}
        {error && (
          <p className="doc-row__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {!doc.is_failed && (
        <label className="doc-row__copies">
          <span>{t('uploader.copies')}</span>
          <input
            type="number"
            name="copies"
            min={1}
            max={MAX_COPIES}
            value={copies}
            disabled={!editable || processing}
            onChange={(e) => changeCopies(e.target.value)}
          />
        </label>
      )}
      <div className="doc-row__actions">
        {!doc.is_failed && !processing && (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => (preview ? preview(doc) : openModal(`printjobs/preview/0/${doc.id}`))}
          >
            {t('uploader.preview')}
          </button>
        )}
        {editable && (
          <button
            type="button"
            className="button button--small button--quiet"
            onClick={props.onRemove}
            aria-label={`${t('uploader.remove')}: ${doc.name}`}
          >
            {t('uploader.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

/** A file still on this device: waiting, uploading (with progress) or not uploaded. */
export function SlotRow(props: { slot: TSlot; onCancel: () => void }) {
  const t = useT();
  const { slot } = props;
  const percent = Math.round(slot.progress * 100);
  return (
    <li
      className={`doc-row${slot.state === 'not_uploaded' ? ' doc-row--failed' : ''}`}
      data-testid="document-row"
      data-state={slot.state}
    >
      <span className="doc-row__icon" aria-hidden="true">
        …
      </span>
      <div className="doc-row__main">
        <p className="doc-row__name">{slot.name}</p>
        {slot.state === 'not_uploaded' ? (
          <p className="doc-row__error" role="alert">
            {slot.error}
          </p>
        ) : slot.state === 'uploading' ? (
          <>
            <p className="doc-row__meta">{t('uploader.state.uploading', { percent })}</p>
            <progress className="doc-row__progress" max={100} value={percent} />
          </>
        ) : (
          <p className="doc-row__meta">{t('uploader.state.waiting')}</p>
        )}
      </div>
      <div className="doc-row__actions">
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={props.onCancel}
          aria-label={`${t('uploader.remove')}: ${slot.name}`}
        >
          {t('uploader.remove')}
        </button>
      </div>
    </li>
  );
}
