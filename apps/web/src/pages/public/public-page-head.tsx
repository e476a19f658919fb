import { DocumentHead } from '../../components/page-title';
import { useT } from '../../i18n/use-t';
import { metaForPublicPage, type TPublicPath } from './page-meta';

/** `<title>` and `<meta name="description">` of a public page (React hoists both into <head>). */
export function PublicPageHead({ path }: { path: TPublicPath }) {
  const t = useT();
  const meta = metaForPublicPage(path, t);
  return <DocumentHead title={meta.title} description={meta.description} />;
}
