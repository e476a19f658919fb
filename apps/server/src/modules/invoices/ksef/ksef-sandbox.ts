import { createHash } from 'node:crypto';
import type { TKsefClient, TKsefResult, TKsefSubmission } from './ksef-client';
import { compactDate, hexOfDocument, ksefNumber, referenceNumber } from './ksef-numbers';

// The built-in stand-in for KSeF (KSEF_MODE=sandbox, the default outside production; a
// production start refuses it, config-production.ts). It accepts every well-formed invoice that
// names the seller's NIP, numbers it like KSeF does (the hex part from the XML's SHA-256, so the
// same document always gets the same number on one day) and answers a UPO clearly marked as the
// sandbox's. Nothing leaves this process: no invoice sent this way is issued in KSeF.

export interface TKsefSandboxOptions {
  sellerNip: string;
  timeZone: string;
  now: () => Date;
}

/** Tag names in document order must nest; one root element. Null when well formed. */
export function xmlWellFormedProblem(xml: string): string | null {
  const body = xml
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const stack: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    if (body.slice(last, m.index).includes('<')) return 'a tag is not well formed';
    last = m.index + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) return `</${name}> does not close the open element`;
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name!);
    }
  }
  if (body.slice(last).includes('<')) return 'a tag is not well formed';
  if (stack.length > 0) return `<${stack.at(-1)}> is never closed`;
  if (roots !== 1) return 'the document must have exactly one root element';
  return null;
}

/** The seller's NIP as the FA(3) document names it (Podmiot1/DaneIdentyfikacyjne/NIP). */
export function sellerNipOf(xml: string): string | null {
  const podmiot1 = /<(?:\w+:)?Podmiot1\b[^>]*>([\s\S]*?)<\/(?:\w+:)?Podmiot1>/.exec(xml)?.[1];
  return podmiot1
    ? (/<(?:\w+:)?NIP>\s*(\d{10})\s*<\/(?:\w+:)?NIP>/.exec(podmiot1)?.[1] ?? null)
    : null;
}

export function createKsefSandboxClient(options: TKsefSandboxOptions): TKsefClient {
  const answers = new Map<string, TKsefResult>();

  function judge(submission: TKsefSubmission): TKsefResult {
    const date = compactDate(options.now(), options.timeZone);
    const digest = createHash('sha256').update(submission.xml, 'utf8').digest('hex');
    const sessionReference = referenceNumber(date, 'SO', digest);
    const invoiceReference = referenceNumber(date, 'EE', digest);
    const problem =
      xmlWellFormedProblem(submission.xml) ??
      (sellerNipOf(submission.xml) === options.sellerNip
        ? null
        : `the invoice does not name the seller's NIP ${options.sellerNip} (Podmiot1)`);
    if (problem)
      return {
        outcome: 'rejected',
        sessionReference,
        invoiceReference,
        reason: `KSeF sandbox: ${problem}`,
      };
    const number = ksefNumber(options.sellerNip, date, hexOfDocument(submission.xml));
    return {
      outcome: 'accepted',
      sessionReference,
      invoiceReference,
      ksefNumber: number,
      upo: sandboxUpo({
        ksefNumber: number,
        invoiceNumber: submission.invoiceNumber,
        sellerNip: options.sellerNip,
        sessionReference,
        documentHash: createHash('sha256').update(submission.xml, 'utf8').digest('base64'),
        at: options.now(),
      }),
    };
  }

  return {
    name: 'sandbox',
    send(submission) {
      const result = judge(submission);
      if (result.invoiceReference) answers.set(result.invoiceReference, result);
      return Promise.resolve(result);
    },
    status(sessionReference, invoiceReference) {
      return Promise.resolve(
        answers.get(invoiceReference) ?? {
          outcome: 'rejected',
          sessionReference,
          invoiceReference,
          reason: 'KSeF sandbox: this invoice was not sent to this sandbox (restarted?)',
        },
      );
    },
  };
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** Our own minimal UPO, shaped after UPO v4-3's main fields and marked as the sandbox's. */
function sandboxUpo(u: {
  ksefNumber: string;
  invoiceNumber: string;
  sellerNip: string;
  sessionReference: string;
  documentHash: string;
  at: Date;
}): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- PRINTOMAT KSeF SANDBOX: not an official UPO; this invoice was NOT sent to KSeF. -->',
    '<Potwierdzenie xmlns="urn:printomat:ksef-sandbox:upo">',
    '  <Sandbox>true</Sandbox>',
    '  <NazwaPodmiotuPrzyjmujacego>Printomat KSeF sandbox (not the Ministry of Finance)</NazwaPodmiotuPrzyjmujacego>',
    `  <NumerReferencyjnySesji>${escapeXml(u.sessionReference)}</NumerReferencyjnySesji>`,
    `  <NipSprzedawcy>${escapeXml(u.sellerNip)}</NipSprzedawcy>`,
    '  <Dokument>',
    `    <NumerKSeFDokumentu>${escapeXml(u.ksefNumber)}</NumerKSeFDokumentu>`,
    `    <NumerFaktury>${escapeXml(u.invoiceNumber)}</NumerFaktury>`,
    `    <DataNadaniaNumeruKSeF>${u.at.toISOString()}</DataNadaniaNumeruKSeF>`,
    `    <SkrotDokumentu>${escapeXml(u.documentHash)}</SkrotDokumentu>`,
    '    <TrybWysylki>Online</TrybWysylki>',
    '  </Dokument>',
    '</Potwierdzenie>',
    '',
  ].join('\n');
}
