import type { TDocument } from '@printomat/shared';
import { useT } from '../i18n/use-t';

/**
 * Every page of a document as it will print, colour pages named. `pageUrl` says where a page's
 * image is: by the document's id when signed in, through the order's token for an express guest.
 */
export function PreviewPages(props: { document: TDocument; pageUrl: (page: number) => string }) {
  const t = useT();
  const { document: doc } = props;
  const pages = Array.from({ length: doc.page_count ?? 0 }, (_, i) => i + 1);
  return (
    <ol className="preview-pages">
      {pages.map((page) => (
        <li key={page} className="preview-pages__item">
          <img
            src={props.pageUrl(page)}
            alt={t('uploader.preview_modal.page', { number: page })}
            loading="lazy"
            data-testid="preview-page"
          />
          <span className="preview-pages__label">
            {t('uploader.preview_modal.page', { number: page })}
            {doc.color_pages.includes(page) && ` · ${t('uploader.preview_modal.colour')}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
