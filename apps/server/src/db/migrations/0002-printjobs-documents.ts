import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE printjobs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'created'
        CHECK (status IN ('created', 'scheduled', 'printed', 'failed', 'archived')),
      is_submitted boolean NOT NULL DEFAULT false,
      is_grayscale boolean NOT NULL DEFAULT true,
      orientation text NOT NULL DEFAULT 'auto' CHECK (orientation IN ('auto', 'portrait', 'landscape')),
      is_duplex boolean NOT NULL DEFAULT false,
      pages_per_sheet integer NOT NULL DEFAULT 1 CHECK (pages_per_sheet IN (1, 2, 4)),
      printer_id integer REFERENCES printers (id) ON DELETE SET NULL,
      submitted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Each person has at most one current (editable) job.
  await sql`CREATE UNIQUE INDEX printjobs_one_current ON printjobs (user_id) WHERE status = 'created'`.execute(
    db,
  );
  await sql`CREATE INDEX printjobs_user_idx ON printjobs (user_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE documents (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      printjob_id integer NOT NULL REFERENCES printjobs (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
      source_type text CHECK (source_type IN ('pdf', 'image', 'office', 'text')),
      is_office boolean NOT NULL DEFAULT false,
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      original_key text,
      pdf_key text,
      page_count integer CHECK (page_count > 0),
      color_pages integer[] NOT NULL DEFAULT '{}',
      failure_code text,
      copies integer NOT NULL DEFAULT 1 CHECK (copies BETWEEN 1 AND 99),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz,
      CONSTRAINT documents_ready_has_pdf CHECK (status <> 'ready' OR (pdf_key IS NOT NULL AND page_count IS NOT NULL)),
      CONSTRAINT documents_failed_has_reason CHECK (status <> 'failed' OR failure_code IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX documents_printjob_idx ON documents (printjob_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS documents`.execute(db);
  await sql`DROP TABLE IF EXISTS printjobs`.execute(db);
}
