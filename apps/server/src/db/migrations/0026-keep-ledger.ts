import { sql, type Kysely } from 'kysely';

// The pages ledger outlives the person (issue 17: "ledger and invoices kept anonymised"). Deleting
// an account used to take its grants and reservations with it (ON DELETE CASCADE); now the rows
// stay with user_id NULL, like payments, so what was bought, given, spent and refunded still adds
// up. A reservation also outlives its print job (deleted with the account): printjob_id NULL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE page_grants ALTER COLUMN user_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE page_grants DROP CONSTRAINT page_grants_user_id_fkey`.execute(db);
  await sql`ALTER TABLE page_grants ADD CONSTRAINT page_grants_user_id_fkey
              FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`.execute(db);

  await sql`ALTER TABLE page_reservations ALTER COLUMN user_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE page_reservations DROP CONSTRAINT page_reservations_user_id_fkey`.execute(
    db,
  );
  await sql`ALTER TABLE page_reservations ADD CONSTRAINT page_reservations_user_id_fkey
              FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE page_reservations ALTER COLUMN printjob_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE page_reservations
              DROP CONSTRAINT page_reservations_printjob_id_fkey`.execute(db);
  await sql`ALTER TABLE page_reservations ADD CONSTRAINT page_reservations_printjob_id_fkey
              FOREIGN KEY (printjob_id) REFERENCES printjobs (id) ON DELETE SET NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The kept rows of deleted accounts cannot go back under NOT NULL: they go (items cascade).
  await sql`DELETE FROM page_reservations WHERE user_id IS NULL OR printjob_id IS NULL`.execute(db);
  await sql`DELETE FROM page_grants WHERE user_id IS NULL`.execute(db);

  await sql`ALTER TABLE page_reservations
              DROP CONSTRAINT page_reservations_printjob_id_fkey`.execute(db);
  await sql`ALTER TABLE page_reservations ADD CONSTRAINT page_reservations_printjob_id_fkey
              FOREIGN KEY (printjob_id) REFERENCES printjobs (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE page_reservations ALTER COLUMN printjob_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE page_reservations DROP CONSTRAINT page_reservations_user_id_fkey`.execute(
    db,
  );
  await sql`ALTER TABLE page_reservations ADD CONSTRAINT page_reservations_user_id_fkey
              FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE page_reservations ALTER COLUMN user_id SET NOT NULL`.execute(db);

  await sql`ALTER TABLE page_grants DROP CONSTRAINT page_grants_user_id_fkey`.execute(db);
  await sql`ALTER TABLE page_grants ADD CONSTRAINT page_grants_user_id_fkey
              FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE page_grants ALTER COLUMN user_id SET NOT NULL`.execute(db);
}
