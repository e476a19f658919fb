import { sql, type Kysely } from 'kysely';

// Print by e-mail (issue 14). Every message received for a printer's address (over SMTP or from a
// hosted inbound-mail provider's webhook) is one row: who sent it, what the sender check said,
// what became of its attachments and whether it was answered. A redelivered message (same
// Message-ID, or the same bytes when it has none) to the same printer is the same row, so it is
// processed once. Printer addresses become lower case, so they compare as mail does.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE printers SET email = lower(email) WHERE email <> lower(email)`.execute(db);
  await sql`ALTER TABLE printers ADD CONSTRAINT printers_email_lowercase CHECK (email = lower(email))`.execute(
    db,
  );
  await sql`
    CREATE TABLE inbound_messages (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      printer_id integer NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
      -- The Message-ID (without <>, lower case), or 'sha256:<hex>' of the raw message.
      dedupe_key text NOT NULL,
      via text NOT NULL CHECK (via IN ('smtp', 'http')),
      -- The envelope sender (MAIL FROM); '' for the null sender of bounces.
      envelope_from text,
      -- The From header's address (lower case), and its Message-ID / Subject as sent.
      from_address text,
      message_id text,
      subject text,
      size_bytes integer NOT NULL,
      -- The raw message in document storage until it has been processed.
      raw_key text,
      -- The sender check: 'trusted' (DMARC-aligned pass and a confirmed account's address),
      -- 'stranger' (anyone else), 'ignored' (never answered: auto-replies, bounces, lists).
      verdict text NOT NULL CHECK (verdict IN ('trusted', 'stranger', 'ignored')),
      -- What the check found, for admins: {"dmarc": "pass", "spf": "fail", "dkim": "pass", ...}.
      auth_details jsonb NOT NULL DEFAULT '{}'::jsonb,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      express_order_id integer REFERENCES express_orders (id) ON DELETE SET NULL,
      printjob_id integer REFERENCES printjobs (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'received'
        CHECK (status IN ('received', 'processed', 'ignored', 'failed')),
      -- How it ended, one code (e.g. added, express_order, job_locked, no_documents,
      -- rate_limited, auto_reply); the reply and the admin list explain it.
      outcome text,
      -- Per attachment: [{"name", "document_id", "status", "page_count", "failure_code"}].
      documents jsonb NOT NULL DEFAULT '[]'::jsonb,
      reply_locale text,
      replied_at timestamptz,
      received_at timestamptz NOT NULL,
      processed_at timestamptz,
      -- The processing run working on it (a random token) and until when its claim holds: one
      -- run at a time makes documents of a message, whatever the jobs queue does.
      claim_token text,
      claimed_until timestamptz,
      CONSTRAINT inbound_messages_once UNIQUE (printer_id, dedupe_key)
    )`.execute(db);
  await sql`CREATE INDEX inbound_messages_printer_idx ON inbound_messages (printer_id, received_at)`.execute(
    db,
  );
  // The sweep of messages stuck unprocessed looks only at those still 'received'.
  await sql`CREATE INDEX inbound_messages_received_idx ON inbound_messages (received_at) WHERE status = 'received'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE inbound_messages`.execute(db);
  await sql`ALTER TABLE printers DROP CONSTRAINT printers_email_lowercase`.execute(db);
}
