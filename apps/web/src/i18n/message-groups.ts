/**
 * How the browser loads the message catalog: per language, in groups of namespaces, each group
 * one chunk per language (built by `vite-plugin-messages.ts`, which `vite.config.ts` uses).
 *
 * - `public` is loaded before the first render (and before hydrating a pre-rendered page): what
 *   the eagerly loaded code shows (header, footer, the public pages, sign-in/up, map, printer
 *   page, the signed-in home page). An entry `namespace.key` takes only that part of a namespace
 *   (the header's admin link).
 * - The others load with the lazily loaded screens that need them (`withMessages`).
 *
 * Namespaces in no group (mail, sms_payments, printjobs, user_panel…) are the server's only and
 * never reach the browser. A namespace belongs to at most one group. A text of a namespace that
 * is not loaded shows its key until its group arrives (it is requested then), so a missing
 * group shows as a flash, never as a lasting gap.
 */
export const MESSAGE_GROUPS = {
  public: [
    'errors',
    'fields',
    'common',
    'auth',
    'home',
    'printers',
    'printer_page',
    'site',
    'landing',
    'business',
    'packages',
    'content',
    'legal',
    'map',
    'payments',
    'free_pages',
    'admin.title',
    // The installable app (issue 16): the install offer on the home page, update/offline notices.
    'pwa',
  ],
  // 'pin' and 'scans.account' (issue 16): the account's PIN page and scans list; the rest of
  // scans is the delivery mail (server).
  app: ['account', 'uploader', 'documents', 'phone', 'pin', 'scans.account'],
  admin: [
    'admin',
    'admin_printers',
    // The admin list of a printer's inbound mail; the rest of inbound_mail is the reply (server).
    'inbound_mail.admin',
    'inbound_mail.verdict',
    'inbound_mail.outcome',
    'inbound_mail.refused',
    'invoices.admin',
    'invoices.ksef_status',
    // Support tools (issue 17): the user page's support card, refunds, the exports page.
    'admin_support',
    // QR stickers (issue 16): the download buttons; the rest of stickers is the PDF (server).
    'stickers.admin',
  ],
  // The express pages (a guest prints without an account); they load `app` too (the uploader).
  express: ['express_page'],
  // Business sign-up and the business page (issue 15); they load `app` too.
  business: ['business_account', 'invoices.ksef_status'],
  // The phone app's screens (issue 16): nearby printers, the QR scanner; they load `app` too.
  mobile: ['mobile'],
} as const satisfies Record<string, readonly string[]>;

export type TMessageGroup = keyof typeof MESSAGE_GROUPS;

/** The group that holds the whole of `namespace`, if any. */
export function groupOfNamespace(namespace: string): TMessageGroup | undefined {
  for (const [group, entries] of Object.entries(MESSAGE_GROUPS) as Array<
    [TMessageGroup, readonly string[]]
  >) {
    if (entries.includes(namespace)) return group;
  }
  return undefined;
}

type TTree = { readonly [key: string]: string | TTree };
type TMutableTree = { [key: string]: string | TTree | TMutableTree };

/**
 * One group's part of a language's whole catalog (`catalogFor(locale)`): its namespaces, and for
 * an entry `namespace.key` only that part, nested as in the catalog. Used by the build.
 */
export function groupMessages(catalog: TTree, group: TMessageGroup): Record<string, TTree> {
  const tree: TMutableTree = {};
  for (const entry of MESSAGE_GROUPS[group] as readonly string[]) {
    const path = entry.split('.');
    let value: string | TTree | undefined = catalog;
    for (const part of path) value = typeof value === 'object' ? value[part] : undefined;
    if (value === undefined) throw new Error(`message group ${group}: unknown entry ${entry}`);
    let node = tree;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      const copy: TMutableTree = typeof next === 'object' ? { ...next } : {};
      node[part] = copy;
      node = copy;
    }
    node[path.at(-1) ?? entry] = value;
  }
  return tree as Record<string, TTree>;
}
