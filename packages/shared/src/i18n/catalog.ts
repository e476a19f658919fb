import type { TLocale } from './locales';
import type { TMessageTree } from './define';
import { errors } from './messages/errors';
import { fields } from './messages/fields';
import { mail } from './messages/mail';
import { common } from './messages/common';
import { auth } from './messages/auth';
import { account } from './messages/account';
import { account_data } from './messages/account_data';
import { documents } from './messages/documents';
import { printjobs } from './messages/printjobs';
import { user_panel } from './messages/user_panel';
import { uploader } from './messages/uploader';
import { printers } from './messages/printers';
import { printer_page } from './messages/printer_page';
import { home } from './messages/home';
import { site } from './messages/site';
import { landing } from './messages/landing';
import { business } from './messages/business';
import { packages } from './messages/packages';
import { content } from './messages/content';
import { legal } from './messages/legal';
import { map } from './messages/map';
import { admin } from './messages/admin';
import { admin_printers } from './messages/admin_printers';
import { payments } from './messages/payments';
import { free_pages } from './messages/free_pages';
import { phone } from './messages/phone';
import { sms_payments } from './messages/sms_payments';
import { express } from './messages/express';
import { express_page } from './messages/express_page';
import { printer_alerts } from './messages/printer_alerts';
import { inbound_mail } from './messages/inbound_mail';
import { admin_support } from './messages/admin_support';
import { business_account } from './messages/business_account';
import { invoices } from './messages/invoices';
import { pwa } from './messages/pwa';
import { mobile } from './messages/mobile';
import { stickers } from './messages/stickers';
import { pin } from './messages/pin';
import { scans } from './messages/scans';

/** Every namespace of the catalog. Add a new namespace file here. */
export const NAMESPACES = {
  errors,
  fields,
  mail,
  common,
  auth,
  account,
  account_data,
  home,
  documents,
  printjobs,
  user_panel,
  uploader,
  printers,
  printer_page,
  site,
  landing,
  business,
  packages,
  content,
  legal,
  map,
  admin,
  admin_printers,
  payments,
  free_pages,
  phone,
  sms_payments,
  express,
  express_page,
  printer_alerts,
  inbound_mail,
  admin_support,
  business_account,
  invoices,
  pwa,
  mobile,
  stickers,
  pin,
  scans,
} as const;

type TNamespaces = typeof NAMESPACES;
export type TCatalog = { [N in keyof TNamespaces]: TNamespaces[N]['en'] };

type TPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TPaths<T[K]>}`;
}[keyof T & string];

/** A dotted message key such as `errors.blank` or `mail.confirm.subject`. */
export type TMessageKey = TPaths<TCatalog>;

export function catalogFor(locale: TLocale): TMessageTree {
  const tree: Record<string, TMessageTree> = {};
  for (const [name, messages] of Object.entries(NAMESPACES)) {
    tree[name] = messages[locale];
  }
  return tree;
}
