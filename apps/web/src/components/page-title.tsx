import { useEffect } from 'react';
import { useT } from '../i18n/use-t';

/** index.html has one `<meta name="description">` (the server fills it in for pre-rendered pages). */
function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * The document title and meta description. React 19 hoists <title> into <head>; the description
 * updates index.html's single meta tag in an effect, so a page never has two and nothing touches
 * `document` during a server render (the server writes the head from `publicPageMeta`).
 */
export function DocumentHead({ title, description }: { title: string; description: string }) {
  useEffect(() => setMetaDescription(description), [description]);
  return <title>{title}</title>;
}

/** `title · Printomat`, and the site's default description unless the page has its own. */
export function PageTitle({ title, description }: { title?: string; description?: string }) {
  const t = useT();
  const app = t('common.app_name');
  return (
    <DocumentHead
      title={title ? `${title} · ${app}` : app}
      description={description ?? t('site.meta.default_description')}
    />
  );
}
