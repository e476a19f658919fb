import type { TDb } from '../../db/database';
import type { TInboundMessageRow } from '../../db/schema';

export type TInboundMessageWithUser = TInboundMessageRow & { user_email: string | null };

/**
 * A printer's most recent inbound messages, newest first, with the e-mail of the account they
 * were trusted as (the admin list; the module's own list has no join).
 */
export function listInboundMessagesWithUser(
  db: TDb,
  printerId: number,
  limit: number,
): Promise<TInboundMessageWithUser[]> {
  return db
    .selectFrom('inbound_messages')
    .leftJoin('users', 'users.id', 'inbound_messages.user_id')
    .selectAll('inbound_messages')
    .select('users.email as user_email')
    .where('inbound_messages.printer_id', '=', printerId)
    .orderBy('inbound_messages.received_at', 'desc')
    .orderBy('inbound_messages.id', 'desc')
    .limit(limit)
    .execute();
}
