import { Resolver } from 'node:dns/promises';
import {
  authenticate,
  dkimVerify,
  dmarc as dmarcCheck,
  type DKIMResult,
  type DNSResolver,
} from 'mailauth';
import type { TAppContext } from '../../context';
import { AppError } from '../../http/errors';
import { findUserByEmail, isAccount } from '../users';

/** mailauth's DNS contract: `dns.resolve`'s answers, errors with ENOTFOUND / ENODATA codes. */
export type TMailauthResolver = DNSResolver;

/** A check waits at most this long for one DNS answer (two tries), so a dead server cannot stall mail. */
const DNS_TIMEOUT_MS = 3_000;

/**
 * The resolver of the sender check: node's own (c-ares, the system's servers), or the servers of
 * DNS_SERVERS (`ip` or `ip:port`, as `Resolver.setServers` takes them) when configured; tests
 * point it at a DNS server on loopback.
 */
export function createMailResolver(dnsServers: readonly string[]): TMailauthResolver {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
  if (dnsServers.length > 0) resolver.setServers([...dnsServers]);
  // TXT answers are string[][], the rest (A, AAAA, MX names via SPF mechanisms) string arrays or
  // records mailauth reads as dns.resolve gives them; its type names only the first two.
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[] | string[][]>;
}

const resolvers = new WeakMap<TAppContext['config'], TMailauthResolver>();
function resolverOf(ctx: TAppContext): TMailauthResolver {
  let resolver = resolvers.get(ctx.config);
  if (!resolver) {
    resolver = createMailResolver(ctx.config.inbound.dnsServers);
    resolvers.set(ctx.config, resolver);
  }
  return resolver;
}

export interface TSenderCheckInput {
  raw: Buffer;
  /** The From header's one address (lower case); null when there is none or several. */
  fromAddress: string | null;
  /** MAIL FROM; '' is the null sender, null unknown (a webhook without the envelope). */
  mailFrom: string | null;
  /** The connecting server's address; null when unknown (SPF cannot pass then). */
  clientIp: string | null;
  helo: string | null;
  /** How many To and Cc fields the message has (a DKIM signature must sign them all to count). */
  recipientFields: { to: number; cc: number };
}

export interface TSenderCheck {
  verdict: 'trusted' | 'stranger';
  userId: number | null;
  /**
   * Trusted through a DKIM signature alone (no aligned SPF pass): a signed message can be sent
   * again by anyone who once received it, so it counts only for printers its signed To / Cc name.
   */
  dkimOnly: boolean;
  details: Record<string, string>;
}

/** The sender check could not be made (DNS failing): the sender's server must try again later. */
export class SenderCheckUnavailable extends AppError {
  constructor() {
    super(503, 'try_again_later', 'errors.internal');
  }
}

/** mailauth's result for one DKIM signature, with the signed header fields it reports too. */
type TDkimSignature = DKIMResult & { signingHeaders?: { keys?: string } };

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** Printable ASCII without spaces: an address as SMTP carries it, with nothing to fold or decode. */
const PLAIN_ADDRESS = /^[\x21-\x7e]+$/;

/**
 * A passing DKIM signature counts for trust only when it covers the whole body (no l= tag
 * leaving room for appended content) and signs every To and Cc field (so the recipients it
 * names were not added by whoever sends it again).
 */
function countsForTrust(
  signature: TDkimSignature,
  recipientFields: TSenderCheckInput['recipientFields'],
): boolean {
  if (signature.status.result !== 'pass' || signature.status.underSized) return false;
  const signed = (signature.signingHeaders?.keys ?? '')
    .split(':')
    .map((key) => key.trim().toLowerCase());
  const times = (field: string) => signed.filter((key) => key === field).length;
  return times('to') >= recipientFields.to && times('cc') >= recipientFields.cc;
}

const dmarcDomainsOf = (signatures: TDkimSignature[]) =>
  signatures.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    domain: r.signingDomain,
    ...(r.status.aligned !== undefined ? { aligned: r.status.aligned } : {}),
    ...(r.status.underSized !== undefined ? { underSized: r.status.underSized } : {}),
  }));

/**
 * Who sent the message (issue 14 point 3). Trusted only when all hold:
 * - DMARC passes for the From domain: SPF or DKIM passed for a domain aligned with it (mailauth
 *   decides, with the domain's published policy; no DMARC record is no pass), so the From
 *   address was not made up by whoever connected. A DKIM signature counts only when it covers
 *   the whole body and signs the To / Cc fields (`countsForTrust`);
 * - the address mailauth checked is the one we read: one From address, plain ASCII, equal to
 *   mailparser's (which decodes RFC 2047 encoded-words inside addresses, and lower-casing
 *   would fold a Kelvin sign into a "k": either would trust a name nobody checked);
 * - the From address is the confirmed e-mail of a person's account (not an express guest's).
 * Anyone else is a stranger (who gets an express order, never someone's pages). When DNS fails
 * where an answer could still make the sender trusted, SenderCheckUnavailable: the message is
 * refused for now (SMTP 451, webhook 503), so an account holder is not turned into a stranger.
 */
export async function checkSender(
  ctx: TAppContext,
  input: TSenderCheckInput,
): Promise<TSenderCheck> {
  const fromDomain = input.fromAddress ? domainOf(input.fromAddress) : '';
  const resolver = resolverOf(ctx);
  const sender = input.mailFrom ? { sender: input.mailFrom } : {};
  let spf: string;
  let spfDomains: string[];
  let headerFrom: string[];
  let dkimResults: TDkimSignature[];
  let dmarcResult: Awaited<ReturnType<typeof dmarcCheck>>;
  if (input.clientIp) {
    const result = await authenticate(input.raw, {
      ip: input.clientIp,
      ...(input.helo ? { helo: input.helo } : {}),
      // The null sender's SPF identity is the HELO name (RFC 7208 2.4), which mailauth derives.
      ...sender,
      mta: ctx.config.inbound.domain,
      resolver,
      // Neither sealing nor brand logos matter here; both would cost DNS lookups.
      disableArc: true,
      disableBimi: true,
    });
    spf = result.spf ? result.spf.status.result : 'none';
    spfDomains = result.spf && spf === 'pass' ? [result.spf.domain] : [];
    headerFrom = result.dkim.headerFrom;
    dkimResults = result.dkim.results;
    dmarcResult = result.dmarc;
  } else {
    // A webhook without x-client-ip: SPF has no address to check, and mailauth's SPF would
    // still run (and let a "+all" record pass). DKIM alone decides DMARC alignment then, the
    // same steps `authenticate` takes with the SPF domains left empty.
    const dkim = await dkimVerify(input.raw, { resolver, ...sender });
    spf = 'none';
    spfDomains = [];
    headerFrom = dkim.headerFrom;
    dkimResults = dkim.results;
    dmarcResult =
      dkim.headerFrom.length > 0
        ? await dmarcCheck({
            headerFrom: dkim.headerFrom,
            spfDomains,
            dkimDomains: dmarcDomainsOf(dkim.results.filter((r) => r.status.result === 'pass')),
            resolver,
          })
        : false;
  }
  const passing = dkimResults.filter((r) => r.status.result === 'pass');
  const dkim = passing[0]?.status.result ?? dkimResults[0]?.status.result ?? 'none';
  const dmarc = dmarcResult ? dmarcResult.status.result : 'none';
  const details: Record<string, string> = {
    dmarc,
    spf,
    dkim,
    from_domain: fromDomain,
  };

  // DMARC again with only the signatures that count for trust, when mailauth's pass may have
  // rested on one that does not (its own verdict stays in the details: it decides whether a
  // stranger is answered at all).
  let trust = dmarcResult;
  const eligible = passing.filter((r) => countsForTrust(r, input.recipientFields));
  if (
    dmarcResult &&
    dmarc === 'pass' &&
    !dmarcResult.alignment.spf.result &&
    eligible.length < passing.length
  ) {
    trust = await dmarcCheck({
      headerFrom,
      spfDomains,
      dkimDomains: dmarcDomainsOf(eligible),
      resolver,
    });
  }
  const trustResult = trust ? trust.status.result : 'none';
  const stranger = { verdict: 'stranger' as const, userId: null, dkimOnly: false, details };

  // A DNS failure that may have hidden a pass: no verdict now (with no DMARC record at all, or
  // a pass already, the answer could not change).
  const temporary = (result: string) => result === 'temperror' || result === 'temperr';
  const couldPass =
    temporary(trustResult) ||
    (trustResult === 'fail' &&
      (temporary(spf) || dkimResults.some((r) => temporary(r.status.result))));
  if (couldPass && input.fromAddress) throw new SenderCheckUnavailable();

  // mailauth reports DMARC for the From header it parsed itself; it must be the address we trust.
  // (status.header.d: the From domain whose policy applied; `domain` is its organisational one.)
  const checkedFrom = headerFrom.length === 1 ? headerFrom[0]! : '';
  const sameAddress =
    input.fromAddress !== null &&
    PLAIN_ADDRESS.test(checkedFrom) &&
    checkedFrom.toLowerCase() === input.fromAddress;
  const checked: unknown = trust ? trust.status.header?.d : undefined;
  const dmarcDomain = typeof checked === 'string' ? checked.toLowerCase() : '';
  const aligned = trustResult === 'pass' && sameAddress && dmarcDomain === fromDomain;
  if (!aligned || !input.fromAddress) return stranger;
  const user = await findUserByEmail(ctx.db, input.fromAddress);
  // A blocked account prints nothing by e-mail either: its address is a stranger's (who may
  // still order and pay as a guest, as on the express page), never the account's pages.
  if (!user || !isAccount(user) || !user.email_confirmed_at || user.blocked_at) return stranger;
  return {
    verdict: 'trusted',
    userId: user.id,
    dkimOnly: !trust || !trust.alignment.spf.result,
    details,
  };
}

/** Why a message is never processed nor answered, as the row's outcome. */
export type TIgnoreReason = 'auto_reply' | 'bounce' | 'list' | 'no_sender' | 'forged_sender';

/** The address of a From-style value ("Printomat <no-reply@x>" or a bare address), lower case. */
export function addressOfMailbox(mailbox: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(mailbox);
  return (angle ? angle[1]! : mailbox).trim().toLowerCase();
}

export interface TLoopCheckInput {
  /** Header fields by lower-case name (the first value of each as sent, unfolded). */
  header: (name: string) => string | undefined;
  /** The top-level content type, lower case (e.g. multipart/report). */
  contentType: string;
  fromAddress: string | null;
  /** MAIL FROM; '' is the null sender, null unknown. */
  mailFrom: string | null;
  /** Our own inbound domain: mail from it is one of our replies coming back. */
  ownDomain: string;
  /** The address our mail (the replies included) goes out from, MAIL_FROM's (lower case). */
  ownAddress: string;
}

const NOTIFIER_LOCALPARTS = new Set(['mailer-daemon', 'postmaster']);
const localpartOf = (address: string) => address.slice(0, address.lastIndexOf('@')).toLowerCase();

/**
 * Messages that must never get an answer (issue 14 point 5): answering a machine invites a mail
 * loop, answering a list mails everyone on it. Checked before the sender check, so such mail
 * costs no DNS lookups either. Decisions:
 * - delivery reports: content type multipart/report (DSN, MDN), the null envelope sender (RFC
 *   5321 4.5.5: only notifications use it; a webhook without the envelope reads Return-Path),
 *   and mailer-daemon / postmaster as sender or From → bounce;
 * - Auto-Submitted other than "no" (RFC 3834; our replies carry "auto-replied"), X-Autoreply /
 *   X-Autorespond (older vacation programs), Precedence: auto_reply, and mail from our own
 *   inbound domain or from the address our replies go out from (MAIL_FROM, often another
 *   domain; a forwarding rule that strips Auto-Submitted still sends it back From it) →
 *   auto_reply;
 * - Precedence bulk / list / junk, and List-Id or List-Unsubscribe (RFC 2919 / 2369: mailing
 *   lists and newsletters; a person who forwards a newsletter to print it sends a new message
 *   without them, so nobody is refused who writes themselves) → list;
 * - no From address at all (or several) → no_sender: there is nobody to answer.
 */
export function loopReason(input: TLoopCheckInput): TIgnoreReason | null {
  const returnPath = input.header('return-path')?.trim();
  const nullSender = input.mailFrom === '' || (input.mailFrom === null && returnPath === '<>');
  if (input.contentType === 'multipart/report' || nullSender) return 'bounce';
  const senders = [input.mailFrom, input.fromAddress].filter((a): a is string => Boolean(a));
  if (senders.some((a) => NOTIFIER_LOCALPARTS.has(localpartOf(a)))) return 'bounce';
  const autoSubmitted = input.header('auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted.split(';')[0]?.trim() !== 'no') return 'auto_reply';
  if (input.header('x-autoreply') !== undefined || input.header('x-autorespond') !== undefined)
    return 'auto_reply';
  const precedence = input.header('precedence')?.trim().toLowerCase();
  if (precedence === 'auto_reply') return 'auto_reply';
  if (input.fromAddress && domainOf(input.fromAddress) === input.ownDomain) return 'auto_reply';
  if (senders.some((a) => a.toLowerCase() === input.ownAddress)) return 'auto_reply';
  if (precedence === 'bulk' || precedence === 'list' || precedence === 'junk') return 'list';
  if (input.header('list-id') !== undefined || input.header('list-unsubscribe') !== undefined)
    return 'list';
  if (!input.fromAddress) return 'no_sender';
  return null;
}
