import { useT } from '../../i18n/use-t';

/** A printers page's loading line and its load failure, while its query has no data. */
export function QueryState({ query }: { query: { isPending: boolean; isError: boolean } }) {
  const t = useT();
  return (
    <>
      {query.isPending && <p>{t('admin_printers.loading')}</p>}
      {query.isError && (
        <p className="alert alert--error" role="alert">
          {t('admin_printers.load_failed')}
        </p>
      )}
    </>
  );
}
