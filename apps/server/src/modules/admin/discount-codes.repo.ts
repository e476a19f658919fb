import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TExpressDiscountCodesTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

const columns = [
  'id',
  'code',
  'percent',
  'active',
  'number_of_uses',
  'uses',
  'created_at',
] as const;

export function listDiscountCodes(db: TDb) {
  return db
    .selectFrom('express_discount_codes')
    .select(columns)
    .select(sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'))
    .orderBy('id', 'desc')
    .execute();
}

export type TDiscountCodeRow = Awaited<ReturnType<typeof listDiscountCodes>>[number];

export async function codeExists(db: TDb, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('express_discount_codes')
    .select('id')
    .where(sql`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst();
  return row !== undefined;
}

export function insertDiscountCode(db: TDb, row: Insertable<TExpressDiscountCodesTable>) {
  return db
    .insertInto('express_discount_codes')
    .values(row)
    .returning(columns)
    .returning(sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'))
    .executeTakeFirstOrThrow();
}

/** The code, locked until the transaction ends: an edit never races a checkout counting its uses. */
export function lockDiscountCode(db: TDb, id: number) {
  return db
    .selectFrom('express_discount_codes')
    .select(columns)
    .select(sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateDiscountCodeRow(
  db: TDb,
  id: number,
  changes: Updateable<TExpressDiscountCodesTable>,
) {
  return db
    .updateTable('express_discount_codes')
    .set(changes)
    .where('id', '=', id)
    .returning(columns)
    .returning(sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'))
    .executeTakeFirstOrThrow();
}
