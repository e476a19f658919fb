import { ADMIN_INBOUND_MESSAGES_LIMIT, type TAdminInboundMessages } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { notFound } from '../../http/errors';
import { findPrinterById } from '../printers';
import { presentAdminInboundMessage } from './inbound-mail-admin.presenter';
import { listInboundMessagesWithUser } from './inbound-mail-admin.repo';

/** Admin: what became of the mail sent to a printer's address recently (issue 14 point 6). */
export async function listPrinterInboundMessages(
  ctx: TAppContext,
  printerId: number,
): Promise<TAdminInboundMessages> {
  if (!(await findPrinterById(ctx.db, printerId))) throw notFound();
  const rows = await listInboundMessagesWithUser(ctx.db, printerId, ADMIN_INBOUND_MESSAGES_LIMIT);
  return { messages: rows.map(presentAdminInboundMessage) };
}
