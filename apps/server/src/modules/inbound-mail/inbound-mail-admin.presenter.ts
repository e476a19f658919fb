import {
  INBOUND_OUTCOMES,
  type TAdminInboundDocument,
  type TAdminInboundMessage,
  type TInboundOutcome,
} from '@printomat/shared';
import type { TInboundMessageWithUser } from './inbound-mail-admin.repo';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** jsonb arrives parsed from both drivers; a string is parsed in case a driver hands it raw. */
function jsonOf<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return (value ?? fallback) as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** The sender check's finding for one mechanism; null when the check did not record it. */
function finding(details: Record<string, unknown>, key: 'dmarc' | 'spf' | 'dkim'): string | null {
  const value = details[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** An outcome code the list knows, else null (a code the shared contract lacks is not shown). */
function knownOutcome(outcome: string | null): TInboundOutcome | null {
  return (INBOUND_OUTCOMES as readonly string[]).includes(outcome ?? '')
    ? (outcome as TInboundOutcome)
    : null;
}

function presentDocument(doc: Partial<TAdminInboundDocument>): TAdminInboundDocument {
  return {
    name: typeof doc.name === 'string' ? doc.name : '',
    document_id: typeof doc.document_id === 'number' ? doc.document_id : null,
    status: doc.status ?? 'failed',
    page_count: typeof doc.page_count === 'number' ? doc.page_count : null,
    failure_code: typeof doc.failure_code === 'string' ? doc.failure_code : null,
  };
}

/** One inbound message as admins see it: no raw message, envelope or dedupe key. */
export function presentAdminInboundMessage(row: TInboundMessageWithUser): TAdminInboundMessage {
  const details = jsonOf<Record<string, unknown>>(row.auth_details, {});
  const documents = jsonOf<Array<Partial<TAdminInboundDocument>>>(row.documents, []);
  return {
    id: row.id,
    received_at: row.received_at.toISOString(),
    via: row.via,
    from_address: row.from_address,
    subject: row.subject,
    verdict: row.verdict,
    auth: {
      dmarc: finding(details, 'dmarc'),
      spf: finding(details, 'spf'),
      dkim: finding(details, 'dkim'),
    },
    status: row.status,
    outcome: knownOutcome(row.outcome),
    documents: documents.map(presentDocument),
    user_email: row.user_email,
    express_order_id: row.express_order_id,
    printjob_id: row.printjob_id,
    replied_at: iso(row.replied_at),
  };
}
