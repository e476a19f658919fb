// The inbound-mail module's public surface (issue 14: print by e-mail). Other modules import from
// here, never from its repo.
export { registerInboundMailWork, startInboundMailWork } from './inbound-mail-work';
export { registerInboundMailRoutes } from './inbound-mail.routes';
export { registerInboundMailAdminRoutes } from './inbound-mail-admin.routes';
export { startInboundSmtp, type TInboundSmtp } from './inbound-smtp';
export { listInboundMessagesOfPrinter } from './inbound-messages.repo';
