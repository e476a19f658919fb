import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A card holding one list as a table: its title, an optional lead, what to say when the list is
 * empty or could not be loaded, and the table (scrolling sideways on narrow screens).
 */
export function TableCard({
  id,
  title,
  testId,
  className,
  lead,
  query,
  count,
  empty,
  children,
}: {
  id: string;
  title: ReactNode;
  testId: string;
  className?: string;
  lead?: ReactNode;
  query: { isError: boolean; isSuccess: boolean };
  count: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section
      className={className ? `card ${className}` : 'card'}
      aria-labelledby={id}
      data-testid={testId}
    >
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {lead !== undefined && <p className="card__text">{lead}</p>}
      {query.isError && <p className="card__text">{t('common.errors.generic')}</p>}
      {query.isSuccess && count === 0 && <p className="card__text">{empty}</p>}
      {count > 0 && <div className="table-scroll">{children}</div>}
    </section>
  );
}
