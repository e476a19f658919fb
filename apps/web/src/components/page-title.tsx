import { useT } from '../i18n/use-t';

/** React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title?: string }) {
  const t = useT();
  const app = t('common.app_name');
  return <title>{title ? `${title} · ${app}` : app}</title>;
}
