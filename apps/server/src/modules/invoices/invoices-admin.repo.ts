import type { TDb } from '../../db/database';
import type { TKsefStatus } from '../../db/schema';
import { invoicesWithCorrected } from './invoices.repo';

// The admin's invoice list and CSV (issue 15 point 8).

export interface TAdminInvoiceFilter {
  period?: string | undefined;
  kind?: 'invoice' | 'correction' | undefined;
  ksefStatus?: TKsefStatus | undefined;
  q?: string | undefined;
}

function filtered(db: TDb, filter: TAdminInvoiceFilter) {
  let query = invoicesWithCorrected(db);
  if (filter.period) query = query.where('invoices.period', '=', filter.period);
  if (filter.kind) query = query.where('invoices.kind', '=', filter.kind);
  if (filter.ksefStatus) query = query.where('invoices.ksef_status', '=', filter.ksefStatus);
  const q = filter.q;
  if (q) {
    const escape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A tax number is stored without dashes, spaces or its PL prefix: "526-104-00-01" finds it.
    const taxId = q
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '')
      .replace(/^PL(?=\d)/, '');
    query = query.where((eb) =>
      eb.or([
        eb('invoices.number', 'ilike', escape(q)),
        eb('invoices.buyer_name', 'ilike', escape(q)),
        ...(taxId ? [eb('invoices.buyer_tax_id', 'like', escape(taxId))] : []),
      ]),
    );
  }
  return query;
}

/** One page of the admin list, newest first, and how many match. */
export async function listAdminInvoices(
  db: TDb,
  filter: TAdminInvoiceFilter,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .orderBy('invoices.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom(filtered(db, filter).as('f'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every matching invoice (the CSV export), oldest first. */
export function listAllAdminInvoices(db: TDb, filter: TAdminInvoiceFilter) {
  return filtered(db, filter).orderBy('invoices.id').execute();
}
