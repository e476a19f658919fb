import { sql, type Kysely } from 'kysely';

// Issue 19: document storage in the database (STORAGE=database), so that several server instances
// on one PostgreSQL share the files. A file is a row plus its content in chunks of at most
// 256 KiB, written and read one chunk at a time (never the whole file in memory).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A row is written first (completed_at null) and completed once every chunk is in: readers see
  // only completed files; a writer that died leaves an incomplete row the sweep removes.
  await sql`
    CREATE TABLE stored_files (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      -- The storage key, as the local directory uses it (2026-11/<uuid>.pdf).
      key text NOT NULL,
      byte_size bigint CHECK (byte_size >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX stored_files_key ON stored_files (key)
              WHERE completed_at IS NOT NULL`.execute(db);
  // Prefix removal (a document's page previews) and the sweep of incomplete writes.
  await sql`CREATE INDEX stored_files_key_prefix ON stored_files (key text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX stored_files_incomplete ON stored_files (created_at)
              WHERE completed_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE stored_file_chunks (
      file_id bigint NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
      seq integer NOT NULL CHECK (seq >= 0),
      data bytea NOT NULL,
      PRIMARY KEY (file_id, seq)
    )`.execute(db);
  // PDFs and images are compressed already: TOAST stores them out of line without trying again.
  await sql`ALTER TABLE stored_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stored_file_chunks`.execute(db);
  await sql`DROP TABLE stored_files`.execute(db);
}
