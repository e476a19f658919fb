import {
  formatTaxId,
  parseTaxId,
  type TBusinessDetailsInput,
  type TBusinessSignUpInput,
  type TPaymentMethodName,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TBusinessProfileRow, TInvoiceParty, TUserRow } from '../../db/schema';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors';
import { announceUserChanged } from '../../http/session-cache';
import { recordAudit } from '../audit/audit.service';
import { registerUser, type TRequestMeta } from '../auth/auth.service';
import { listActivePackages } from '../packages/packages.service';
import { lockUserById, updateUser } from '../users';
import { giveTrialOnce, trialOf } from './business-trial.service';
import {
  findBusinessProfileRow,
  insertBusinessProfile,
  lockBusinessProfileRow,
  updateBusinessProfileRow,
} from './business.repo';
import { presentBusinessPackage, presentBusinessProfile } from './business.presenter';

/** The company's details as stored: the tax number normalised (prefix apart, no dashes). */
function companyValues(input: TBusinessDetailsInput) {
  // The schema has checked the number already; a second look keeps the types honest.
  const taxId = parseTaxId(input.nip_number);
  if (!taxId) throw fieldError('nip_number', 'invalid');
  return {
    business_name: input.business_name,
    address: input.address,
    city: input.city,
    postcode: input.postcode,
    country: input.country,
    tax_country: taxId.taxCountry,
    tax_id: taxId.taxId,
  };
}

/** Creates the company of an account (its test pages come with a confirmed e-mail). */
function createCompany(
  trx: TDb,
  userId: number,
  input: TBusinessDetailsInput,
): Promise<TBusinessProfileRow> {
  return insertBusinessProfile(trx, { user_id: userId, ...companyValues(input) });
}

/**
 * The business sign-up (spec 2, 3): an ordinary registration (confirmation mail, audit, "e-mail
 * taken") whose account has the business role and, in the same transaction, its company. The
 * test pages follow when the e-mail is confirmed (business-trial.service.ts).
 */
export function signUpBusiness(
  ctx: TAppContext,
  input: TBusinessSignUpInput,
  meta: TRequestMeta,
): Promise<TUserRow> {
  const { email, email_confirmation, password, password_confirmation, locale } = input;
  return registerUser(
    ctx,
    { email, email_confirmation, password, password_confirmation, locale },
    meta,
    {
      role: 'business',
      withAccount: async (trx, user) => {
        await createCompany(trx, user.id, input);
      },
    },
  );
}

/**
 * A personal account becomes a business one. Its pages and history stay; the test pages come
 * only if the company's tax number never had them — at once when the account's e-mail is
 * confirmed, else when it is.
 */
export async function convertToBusiness(
  ctx: TAppContext,
  user: TUserRow,
  input: TBusinessDetailsInput,
  meta: TRequestMeta,
): Promise<{ user: TUserRow; profile: ReturnType<typeof presentBusinessProfile> }> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Locked: two conversions at once (two tabs) make one company.
    const account = await lockUserById(trx, user.id);
    if (!account) throw notFound();
    if (account.role === 'business')
      throw new AppError(409, 'already_business', 'business_account.errors.already_business');
    if (account.role !== 'user') throw forbidden();
    const converted = await updateUser(trx, account.id, { role: 'business' });
    const profile = await createCompany(trx, account.id, input);
    if (account.email_confirmed_at)
      await giveTrialOnce(ctx, trx, {
        userId: account.id,
        taxCountry: profile.tax_country,
        taxId: profile.tax_id,
      });
    await recordAudit(trx, {
      actorUserId: account.id,
      action: 'business.converted',
      subject: ['user', account.id],
      details: { tax_id: formatTaxId({ taxCountry: profile.tax_country, taxId: profile.tax_id }) },
      ip: meta.ip,
    });
    return { user: converted, profile };
  });
  await announceUserChanged(ctx, result.user.id);
  return {
    user: result.user,
    profile: presentBusinessProfile(
      result.profile,
      await trialOf(ctx, ctx.db, result.user, result.profile),
    ),
  };
}

/** The company of a business account; any other account has none (404). */
export async function getBusinessProfile(ctx: TAppContext, user: TUserRow) {
  const row = user.role === 'business' ? await findBusinessProfileRow(ctx.db, user.id) : undefined;
  if (!row) throw notFound();
  return presentBusinessProfile(row, await trialOf(ctx, ctx.db, user, row));
}

const DETAIL_FIELDS = ['business_name', 'address', 'city', 'postcode', 'country'] as const;

/**
 * Changes the company's details. A new tax number is audited with the old one beside it; it never
 * brings test pages (the trial belongs to the company that signed up, not to each number an
 * account ever had — else changing the NIP back and forth would farm pages).
 */
export async function updateBusinessProfile(
  ctx: TAppContext,
  user: TUserRow,
  input: TBusinessDetailsInput,
  meta: TRequestMeta,
) {
  if (user.role !== 'business') throw notFound();
  const values = companyValues(input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await lockBusinessProfileRow(trx, user.id);
    if (!before) throw notFound();
    const oldTaxId = formatTaxId({ taxCountry: before.tax_country, taxId: before.tax_id });
    const newTaxId = formatTaxId({ taxCountry: values.tax_country, taxId: values.tax_id });
    const changed = DETAIL_FIELDS.filter((field) => before[field] !== values[field]);
    if (oldTaxId === newTaxId && changed.length === 0) return before;
    const after = await updateBusinessProfileRow(trx, user.id, values);
    const audit = { actorUserId: user.id, subject: ['user', user.id] as [string, number] };
    if (oldTaxId !== newTaxId)
      await recordAudit(trx, {
        ...audit,
        action: 'business.tax_id_changed',
        details: { old: oldTaxId, new: newTaxId },
        ip: meta.ip,
      });
    if (changed.length > 0)
      await recordAudit(trx, {
        ...audit,
        action: 'business.profile_updated',
        details: { fields: changed },
        ip: meta.ip,
      });
    return after;
  });
  return presentBusinessProfile(row, await trialOf(ctx, ctx.db, user, row));
}

/** The business offer with net, VAT and gross prices, and the ways a company pays online. */
export async function listBusinessPackages(ctx: TAppContext, methods: TPaymentMethodName[]) {
  const rate = ctx.config.invoices.vatRatePercent;
  return {
    packages: (await listActivePackages(ctx.db, 'business')).map((row) =>
      presentBusinessPackage(row, rate),
    ),
    // Spec 1: "online payment by transfer or card" — BLIK and SMS are personal ways to pay.
    payment_methods: methods.filter((method) => method === 'card' || method === 'transfer'),
  };
}

/** The company of an account (for other modules: invoices snapshot their buyer from it). */
export function findBusinessProfile(
  db: TDb,
  userId: number,
): Promise<TBusinessProfileRow | undefined> {
  return findBusinessProfileRow(db, userId);
}

/** The company as an invoice names its buyer. */
export function businessPartyOf(profile: TBusinessProfileRow, email: string | null): TInvoiceParty {
  return {
    name: profile.business_name,
    address: profile.address,
    postcode: profile.postcode,
    city: profile.city,
    country: profile.country,
    taxCountry: profile.tax_country,
    taxId: profile.tax_id,
    email,
  };
}
