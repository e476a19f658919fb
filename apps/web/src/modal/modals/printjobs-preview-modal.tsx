import { useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useT } from '../../i18n/use-t';
import { PreviewPages } from '../../print/preview-pages';
import { ZDocument, type TDocument } from '@printomat/shared';
import type { TModalProps } from '../modal-types';

/** `printjobs/preview/0/{document id}`: every page of the PDF that will print, and its price. */
export default function PrintjobsPreviewModal({ params, titleId }: TModalProps) {
  const t = useT();
  const id = Number(params.documentId);
  if (!Number.isInteger(id) || id <= 0) throw new Error('bad document id');
  // A failed request (another person's document, a removed one) closes the dialog.
  const { data: doc } = useSuspenseQuery({
    queryKey: ['document', id],
    queryFn: () =>
      api.get<TDocument>(`/ajax/documents/${id}`, {
        // Checked in development and tests only (see TResponseSchema).
        schema: import.meta.env.DEV ? ZDocument : undefined,
      }),
    retry: false,
  });
  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t('uploader.preview_modal.title', { name: doc.name })}
      </h2>
      <p className="modal__text">{t('uploader.preview_modal.cost', { count: doc.cost })}</p>
      <PreviewPages document={doc} pageUrl={(page) => `/api/documents/${id}/pages/${page}.png`} />
    </>
  );
}
