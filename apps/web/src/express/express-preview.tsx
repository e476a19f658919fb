import { useId } from 'react';
import type { TDocument } from '@printomat/shared';
import { useT } from '../i18n/use-t';
import { ModalDialog } from '../modal/modal-dialog';
import { PreviewPages } from '../print/preview-pages';
import { expressPreviewUrl } from './express-api';

/**
 * Every page of an express order's document as it will print. The signed-in preview dialog reads
 * the document by its id; a guest reaches it only through the order's token, so this one shows
 * the document the page already has and takes the pages from the order's address.
 */
export function ExpressPreview(props: { token: string; document: TDocument; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const { document: doc } = props;
  return (
    <ModalDialog titleId={titleId} onClose={props.onClose}>
      <h2 id={titleId} className="modal__title">
        {t('uploader.preview_modal.title', { name: doc.name })}
      </h2>
      <PreviewPages
        document={doc}
        pageUrl={(page) => expressPreviewUrl(props.token, doc.id, page)}
      />
    </ModalDialog>
  );
}
