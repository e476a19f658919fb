import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  ADMIN_INBOUND_MESSAGES_LIMIT,
  DOCUMENT_FAILURES,
  formatDateTime,
  INBOUND_REFUSALS,
  MAX_FILE_SLOTS,
  type TAdminInboundDocument,
  type TAdminInboundMessage,
  type TLocale,
  type TTranslate,
} from '@printomat/shared';
import { AdminTable } from '../shared/admin-table';
import { useSession } from '../../api/session';
import { useLocale, useT } from '../../i18n/use-t';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../print/use-uploads';
import { adminPrinterInboundKey, fetchPrinterInboundMessages } from './admin-printers-api';
import { QueryState } from './query-state';

const COLUMNS = [
  'received_at',
  'from',
  'subject',
  'verdict',
  'auth',
  'documents',
  'outcome',
  'replied_at',
  'link',
] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function megabytes(locale: TLocale, bytes: number): string {
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
  return `${value} MB`;
}

/**
 * Why an attachment was not printed, in the words the sender's reply used: the mail's own
 * refusals (programs, archives, too many, too large) or the upload's failures. The page limit is
 * the server's setting, which the page does not know, so that one is told without the number.
 */
function reasonOf(t: TTranslate, doc: TAdminInboundDocument, limitText: string): string {
  const code = doc.failure_code;
  if (code === null) return t('documents.failure.not_processed');
  if (doc.status === 'refused' && isOneOf(INBOUND_REFUSALS, code))
    return t(`inbound_mail.refused.${code}`, { max: MAX_FILE_SLOTS, limit: limitText });
  if (code === 'too_many_pages') return t('inbound_mail.admin.too_many_pages');
  if (isOneOf(DOCUMENT_FAILURES, code))
    return t(`documents.failure.${code}`, { max: MAX_FILE_SLOTS, limit: limitText });
  return code;
}

function documentText(t: TTranslate, doc: TAdminInboundDocument, limitText: string): string {
  if (doc.status === 'ready' && doc.page_count !== null)
    return t('inbound_mail.admin.pages', { count: doc.page_count });
  if (doc.status === 'processing') return t('inbound_mail.admin.document_processing');
  return reasonOf(t, doc, limitText);
}

function outcomeText(t: TTranslate, message: TAdminInboundMessage): string {
  if (message.outcome) return t(`inbound_mail.outcome.${message.outcome}`);
  if (message.status === 'received') return t('inbound_mail.admin.status_received');
  return t('inbound_mail.admin.auth_missing');
}

function InboundMessageRow({
  message,
  limitText,
}: {
  message: TAdminInboundMessage;
  limitText: string;
}) {
  const t = useT();
  const { locale } = useLocale();
  const missing = t('inbound_mail.admin.auth_missing');
  return (
    <tr data-testid="inbound-message" data-verdict={message.verdict}>
      <td>{formatDateTime(locale, message.received_at)}</td>
      <td>
        {message.from_address ?? t('inbound_mail.admin.no_sender')}
        {message.user_email && (
          <div className="admin-printers__muted">
            {t('inbound_mail.admin.account', { email: message.user_email })}
          </div>
        )}
        {message.via === 'http' && (
          <div className="admin-printers__muted">{t('inbound_mail.admin.via_http')}</div>
        )}
      </td>
      <td>{message.subject ?? t('inbound_mail.admin.no_subject')}</td>
      <td>{t(`inbound_mail.verdict.${message.verdict}`)}</td>
      <td>
        {t('inbound_mail.admin.auth_value', {
          dmarc: message.auth.dmarc ?? missing,
          spf: message.auth.spf ?? missing,
          dkim: message.auth.dkim ?? missing,
        })}
      </td>
      <td>
        {message.documents.length === 0 ? (
          t('inbound_mail.admin.no_documents')
        ) : (
          <ul className="printer-inbound__documents">
            {message.documents.map((doc, index) => (
              // Attachments have no id of their own; their order in the message is fixed.
              <li key={index} data-status={doc.status}>
                {doc.name}: {documentText(t, doc, limitText)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{outcomeText(t, message)}</td>
      <td>
        {message.replied_at
          ? formatDateTime(locale, message.replied_at)
          : t('inbound_mail.admin.not_replied')}
      </td>
      <td>
        {message.express_order_id !== null ? (
          <Link to={`/admin/express-orders/${message.express_order_id}`}>
            {t('inbound_mail.admin.express_order', { id: message.express_order_id })}
          </Link>
        ) : message.printjob_id !== null ? (
          <Link to={`/admin/printjobs/${message.printjob_id}`}>
            {t('inbound_mail.admin.printjob', { id: message.printjob_id })}
          </Link>
        ) : (
          missing
        )}
      </td>
    </tr>
  );
}

/** Issue 14 point 6: what became of the mail sent to the printer's address, newest first. */
export function PrinterInboundMail({
  printerId,
  address,
}: {
  printerId: number;
  address: string | null;
}) {
  const t = useT();
  const { locale } = useLocale();
  const maxBytes = useSession().data?.max_upload_bytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const query = useQuery({
    queryKey: adminPrinterInboundKey(printerId),
    queryFn: () => fetchPrinterInboundMessages(printerId),
    refetchInterval: 10_000,
  });
  const limitText = megabytes(locale, maxBytes);
  return (
    <section
      className="printer-inbound"
      aria-labelledby="printer-inbound-title"
      data-testid="inbound-mail"
    >
      <h3 id="printer-inbound-title">{t('inbound_mail.admin.title')}</h3>
      {address && (
        <p className="admin-printers__muted">
          {t('inbound_mail.admin.intro', { address, count: ADMIN_INBOUND_MESSAGES_LIMIT })}
        </p>
      )}
      {query.isPending || query.isError ? (
        <QueryState query={query} />
      ) : query.data.messages.length === 0 ? (
        <p data-testid="inbound-mail-empty">{t('inbound_mail.admin.empty')}</p>
      ) : (
        <AdminTable
          variant="admin"
          testId="inbound-mail-table"
          head={COLUMNS.map((c) => t(`inbound_mail.admin.${c}`))}
        >
          {query.data.messages.map((message) => (
            <InboundMessageRow key={message.id} message={message} limitText={limitText} />
          ))}
        </AdminTable>
      )}
    </section>
  );
}
