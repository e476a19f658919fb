import {
  legacyMailLocalParts,
  MAX_MAIL_LOCAL_PART,
  numberedMailLocalPart,
  PRINTER_MAIL_LOCAL_PART,
  printerMailLocalPart,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { isUniqueViolation } from '../../db/pg-errors';
import { recordAudit } from '../audit/audit.service';
import { listPrinterMailAddresses, replacePrinterMailAddress } from './inbound-messages.repo';

// Every printer has an address at INBOUND_MAIL_DOMAIN (issue 14 point 2). Printers saved before
// print by e-mail existed may have none, one an earlier release made of the name with its Polish
// and German letters turned into '-' (z-ote-tarasy@), or one at another domain (mail there never
// reaches this server). A migration cannot know the configured domain, so the server puts them
// right at its start: idempotent (a second run changes nothing), an address an admin chose at
// the domain is never touched, and every change is in the audit log.

/** What a printer's address should be now, or null when it is fine as it is. */
function wantedLocalPart(name: string, email: string | null, domain: string): string | null {
  if (email === null) return printerMailLocalPart(name);
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const derived = printerMailLocalPart(name);
  const legacy = local !== derived && legacyMailLocalParts(name).includes(local);
  if (legacy) return derived;
  if (email.slice(at + 1) === domain) return null;
  // Another domain: the same local part at ours when it is a valid one, else the name's.
  return PRINTER_MAIL_LOCAL_PART.test(local) && local.length <= MAX_MAIL_LOCAL_PART
    ? local
    : derived;
}

/**
 * Gives printers without a usable address one at the configured domain (made from the name,
 * numbered past addresses taken). Answers how many changed. Several instances starting at once
 * are fine: an address changed meanwhile is left alone, one taken meanwhile is tried next start.
 */
export async function fillPrinterMailAddresses(ctx: TAppContext): Promise<number> {
  const domain = ctx.config.inbound.domain.toLowerCase();
  const printers = await listPrinterMailAddresses(ctx.db);
  const taken = new Set(printers.flatMap((p) => (p.email === null ? [] : [p.email])));
  let changed = 0;
  for (const printer of printers) {
    const local = wantedLocalPart(printer.name, printer.email, domain);
    if (local === null) continue;
    let address = `${local}@${domain}`;
    for (let n = 2; address !== printer.email && taken.has(address); n++)
      address = `${numberedMailLocalPart(local, n)}@${domain}`;
    if (address === printer.email) continue;
    try {
      const done = await ctx.db.transaction().execute(async (trx) => {
        if (!(await replacePrinterMailAddress(trx, printer.id, printer.email, address, ctx.now())))
          return false;
        await recordAudit(trx, {
          actorUserId: null,
          action: 'printer.mail_address_renewed',
          subject: ['printer', printer.id],
          details: { from: printer.email, to: address },
        });
        return true;
      });
      if (!done) continue;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      ctx.log.warn({ printerId: printer.id, address }, 'printer address taken meanwhile');
      continue;
    }
    if (printer.email !== null) taken.delete(printer.email);
    taken.add(address);
    changed += 1;
    ctx.log.info({ printerId: printer.id, from: printer.email, to: address }, 'printer address');
  }
  return changed;
}
