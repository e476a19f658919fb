import { sql, type Kysely } from 'kysely';

// A printer's monthly "printing / copying / scanning users" are history: deleting a person must
// not change last month's count. The row keeps the deleted person's bare id (nothing joins it to
// anyone any more), so the distinct count stays what it was.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printer_monthly_users DROP CONSTRAINT printer_monthly_users_user_id_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM printer_monthly_users m WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id)`.execute(
    db,
  );
  await sql`ALTER TABLE printer_monthly_users ADD CONSTRAINT printer_monthly_users_user_id_fkey
              FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
}
