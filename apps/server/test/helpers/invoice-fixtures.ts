import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { vatOnNet } from '@printomat/shared';
import { confirmedUser } from './payments';
import type { TTestApp } from './test-app';

// Businesses and their completed package purchases for the invoice tests (issue 15), set up as
// rows: a purchase at any moment of any month, with any net amount, and its pages granted as the
// ledger check expects.

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
let nipSeed = 123_456_789 + Math.floor(Math.random() * 100_000) * 37;

/** A fresh NIP with a valid checksum. */
export function freshNip(): string {
  for (;;) {
    nipSeed += 1;
    const digits = String(nipSeed).slice(0, 9).padStart(9, '1').split('').map(Number);
    const check = NIP_WEIGHTS.reduce((sum, w, i) => sum + w * digits[i]!, 0) % 11;
    if (check !== 10 && digits[0] !== 0) return `${digits.join('')}${check}`;
  }
}

/** A signed-in business account with its company (a Polish NIP). */
export async function businessCustomer(
  t: TTestApp,
  options: { name?: string; locale?: 'en' | 'pl' } = {},
) {
  const user = await confirmedUser(t, { locale: options.locale ?? 'pl' });
  const nip = freshNip();
  const name = options.name ?? `Firma ${nip} sp. z o.o.`;
  await t.ctx.db.updateTable('users').set({ role: 'business' }).where('id', '=', user.id).execute();
  await t.ctx.db
    .insertInto('business_profiles')
    .values({
      user_id: user.id,
      business_name: name,
      address: 'ul. Prosta 12/4',
      city: 'Kraków',
      postcode: '30-001',
      country: 'PL',
      tax_country: 'PL',
      tax_id: nip,
    })
    .execute();
  return { ...user, nip, name };
}

/**
 * A completed business purchase of package M: `netMinor` plus 23 % VAT (half up), paid at
 * `completedAt`. `split: false` leaves the VAT split out (rows from before it was recorded).
 */
export async function businessPurchase(
  t: TTestApp,
  user: { id: number; email: string },
  options: {
    netMinor: number;
    completedAt: Date;
    method?: 'card' | 'transfer' | 'blik';
    split?: boolean;
  },
) {
  const pkg = await t.ctx.db
    .selectFrom('packages')
    .selectAll()
    .where('code', '=', 'M')
    .where('audience', '=', 'business')
    .executeTakeFirstOrThrow();
  const vatMinor = vatOnNet(options.netMinor);
  const grossMinor = options.netMinor + vatMinor;
  const reference = `pay_${randomBytes(6).toString('hex')}`;
  const expiresAt = new Date(options.completedAt.getTime() + pkg.validity_days * 86_400_000);
  const grant = await t.ctx.db
    .insertInto('page_grants')
    .values({
      user_id: user.id,
      source: 'package',
      pages: pkg.pages,
      remaining: pkg.pages,
      expires_at: expiresAt,
      reference,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const split = options.split !== false;
  const payment = await t.ctx.db
    .insertInto('payments')
    .values({
      reference,
      user_id: user.id,
      payer_email: user.email,
      package_id: pkg.id,
      provider: 'sandbox',
      provider_reference: null,
      checkout_url: null,
      method: options.method ?? 'card',
      status: 'completed',
      amount_minor: grossMinor,
      currency: 'PLN',
      pages: pkg.pages,
      validity_days: pkg.validity_days,
      idempotency_key: reference,
      grant_id: grant.id,
      pages_expire_at: expiresAt,
      receipt_number: null,
      flag: null,
      failure_code: null,
      locale: 'pl',
      is_business: true,
      net_minor: split ? options.netMinor : null,
      vat_minor: split ? vatMinor : null,
      vat_rate: split ? 23 : null,
      created_at: options.completedAt,
      completed_at: options.completedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: payment.id, reference, netMinor: options.netMinor, vatMinor, grossMinor };
}

/**
 * A succeeded refund of a whole purchase (what the admin refund records): the purchase's grant
 * voided, its unused pages taken back (none of these purchases' pages are held by a job).
 */
export async function succeededPurchaseRefund(
  t: TTestApp,
  purchase: { id: number; grossMinor: number },
  status: 'pending' | 'succeeded' = 'succeeded',
) {
  const payment = await t.ctx.db
    .selectFrom('payments')
    .select('grant_id')
    .where('id', '=', purchase.id)
    .executeTakeFirstOrThrow();
  const grant = await t.ctx.db
    .updateTable('page_grants')
    .set({ remaining: 0, voided_at: new Date() })
    .where('id', '=', payment.grant_id!)
    .returning('pages')
    .executeTakeFirstOrThrow();
  const row = await t.ctx.db
    .insertInto('refunds')
    .values({
      pages_voided: grant.pages,
      reference: `ref_${randomBytes(6).toString('hex')}`,
      payment_id: purchase.id,
      express_order_id: null,
      amount_minor: purchase.grossMinor,
      currency: 'PLN',
      reason: 'purchase_refunded',
      provider: 'sandbox',
      provider_reference: null,
      status,
      failure_code: null,
      completed_at: status === 'succeeded' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const run = promisify(execFile);
const SCHEMA = path.join(__dirname, '..', 'fixtures', 'ksef-fa3', 'schemat.xsd');

/** xmllint's verdict against the official FA(3) schema (exit 0 = valid), with its output. */
export async function validateFa3(xml: string): Promise<{ ok: boolean; output: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoice-xml-'));
  const file = path.join(dir, 'invoice.xml');
  await fs.writeFile(file, xml);
  try {
    const { stderr } = await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]);
    return { ok: true, output: stderr };
  } catch (err) {
    const failure = err as { code?: number; stderr?: string };
    return { ok: false, output: `exit ${failure.code}: ${failure.stderr}` };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A PDF's text as poppler's pdftotext reads it (white space left out: lines may wrap). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoice-pdf-'));
  const file = path.join(dir, 'invoice.pdf');
  await fs.writeFile(file, pdf);
  try {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, '');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
