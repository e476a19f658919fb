import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFreePages } from '@printomat/shared';
import { createSession } from '../src/modules/auth/auth.service';
import { signInWithFacebook } from '../src/modules/auth/facebook.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { creditReferrerAfterPurchase } from '../src/modules/referrals/referrals.service';
import { seedPackages } from '../src/seed/packages-seed';
import { buyPackageMByCard } from './helpers/payments';
import {
  createTestApp,
  registerAndSignIn,
  TEST_PUBLIC_URL,
  TestAgent,
  uniqueEmail,
  type TTestApp,
} from './helpers/test-app';

const WEBHOOK_SECRET = 'test-sandbox-secret-0123456789';
const DAY_MS = 86_400_000;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    REFERRAL_BONUS_PAGES: '25',
    REFERRAL_BONUS_DAYS: '30',
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  await seedPackages(t.ctx.db);
});
afterAll(() => t.close());

async function inviter() {
  const agent = new TestAgent(t.app);
  const account = await registerAndSignIn(agent);
  const freePages = (await agent.get('/api/free-pages')).json<TFreePages>();
  return { agent, ...account, freePages };
}

async function invitedBy(code: string, email = uniqueEmail('invited')) {
  const agent = new TestAgent(t.app);
  const res = await agent.post('/api/auth/register', {
    email,
    email_confirmation: email,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    referral_code: code,
  });
  expect(res.statusCode).toBe(201);
  return { agent, email, id: res.json<{ user: { id: number } }>().user.id };
}

const confirm = (userId: number) =>
  t.ctx.db
    .updateTable('users')
    .set({ email_confirmed_at: new Date() })
    .where('id', '=', userId)
    .execute();

/** What the payments module does when a purchase completes: grant, then call the hook. */
const completePurchase = (userId: number, now = new Date()) =>
  t.ctx.db.transaction().execute(async (trx) => {
    await grantPages(trx, { userId, source: 'package', pages: 90, validDays: 60 }, now);
    return creditReferrerAfterPurchase(trx, userId, now);
  });

const referralGrants = (userId: number) =>
  t.ctx.db
    .selectFrom('page_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', 'referral')
    .execute();

describe('free pages overview', () => {
  it('needs a session', async () => {
    expect((await new TestAgent(t.app).get('/api/free-pages')).statusCode).toBe(401);
  });

  it('gives the referral link, an empty history and the card offer', async () => {
    const { freePages } = await inviter();
    expect(freePages.referral_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(freePages).toMatchObject({
      referral_link: `${TEST_PUBLIC_URL}/sign-up?ref=${freePages.referral_code}`,
      referral_bonus_pages: 25,
      referral_bonus_days: 30,
      referrals: [],
      referral_pages_total: 0,
      card_bonus: { received: false, pages: 12, remaining: 0, expires_at: null },
    });
  });

  it('shows the card bonus once the card work granted it', async () => {
    const { agent, id } = await inviter();
    const now = new Date();
    await grantPages(t.ctx.db, { userId: id, source: 'card_bonus', pages: 12, validDays: 7 }, now);
    const freePages = (await agent.get('/api/free-pages')).json<TFreePages>();
    expect(freePages.card_bonus).toEqual({
      received: true,
      pages: 12,
      remaining: 12,
      expires_at: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
    });
  });
});

describe('referral credit', () => {
  it('credits the inviter once, after confirmation and the first purchase only', async () => {
    const a = await inviter();
    const b = await invitedBy(a.freePages.referral_code, 'barbara.invited@example.com');

    let history = (await a.agent.get('/api/free-pages')).json<TFreePages>();
    expect(history.referrals).toEqual([
      expect.objectContaining({ email: 'b***@example.com', status: 'waiting_for_confirmation' }),
    ]);
    // Someone else's invitations are not listed.
    const other = await inviter();
    expect(other.freePages.referrals).toEqual([]);

    await confirm(b.id);
    history = (await a.agent.get('/api/free-pages')).json<TFreePages>();
    expect(history.referrals[0]?.status).toBe('waiting_for_purchase');

    const now = new Date();
    expect(await completePurchase(b.id, now)).toBe(true);
    const grants = await referralGrants(a.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ pages: 25, remaining: 25, reference: `referral:${b.id}` });
    expect(grants[0]?.expires_at?.toISOString()).toBe(
      new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    );

    // The same completion replayed, and a second purchase: nothing more.
    expect(await creditReferrerAfterPurchase(t.ctx.db, b.id, new Date())).toBe(false);
    expect(await completePurchase(b.id)).toBe(false);
    expect(await referralGrants(a.id)).toHaveLength(1);
    // The invited person gets nothing from it.
    expect(await referralGrants(b.id)).toHaveLength(0);

    history = (await a.agent.get('/api/free-pages')).json<TFreePages>();
    expect(history.referral_pages_total).toBe(25);
    expect(history.referrals[0]).toMatchObject({ status: 'credited', pages: 25 });
    expect((await a.agent.get('/ajax/user')).json()).toMatchObject({ remaining_page_limit: 25 });
  });

  it('credits once when two completions race', async () => {
    const a = await inviter();
    const b = await invitedBy(a.freePages.referral_code);
    await confirm(b.id);
    await grantPages(t.ctx.db, { userId: b.id, source: 'package', pages: 90, validDays: 60 });
    const results = await Promise.all([
      t.ctx.db.transaction().execute((trx) => creditReferrerAfterPurchase(trx, b.id, new Date())),
      t.ctx.db.transaction().execute((trx) => creditReferrerAfterPurchase(trx, b.id, new Date())),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await referralGrants(a.id)).toHaveLength(1);
  });

  it('credits nothing for an unconfirmed buyer, nor later: only the first purchase counts', async () => {
    const a = await inviter();
    const b = await invitedBy(a.freePages.referral_code);
    expect(await completePurchase(b.id)).toBe(false);
    await confirm(b.id);
    expect(await completePurchase(b.id)).toBe(false);
    expect(await referralGrants(a.id)).toHaveLength(0);
    const history = (await a.agent.get('/api/free-pages')).json<TFreePages>();
    expect(history.referrals[0]?.status).toBe('not_eligible');
  });

  it('credits nothing to people who were not invited, or with an unknown code', async () => {
    const lone = new TestAgent(t.app);
    const account = await registerAndSignIn(lone);
    await confirm(account.id);
    expect(await completePurchase(account.id)).toBe(false);
    const stranger = await invitedBy('NOSUCHCODE');
    await confirm(stranger.id);
    expect(await completePurchase(stranger.id)).toBe(false);
    expect(
      await t.ctx.db
        .selectFrom('referral_credits')
        .select('id')
        .where('invited_user_id', 'in', [account.id, stranger.id])
        .execute(),
    ).toEqual([]);
  });

  it('credits through a real purchase completed by the payment provider', async () => {
    const a = await inviter();
    const b = await invitedBy(a.freePages.referral_code);
    await confirm(b.id);
    await buyPackageMByCard(t, b.agent);
    const grants = await referralGrants(a.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ pages: 25, reference: `referral:${b.id}` });
  });
});

describe('referral link', () => {
  it('remembers ?ref= from the link in a cookie and links the new account to the inviter', async () => {
    const a = await inviter();
    const guest = new TestAgent(t.app);
    const page = await guest.get(`/sign-up?ref=${a.freePages.referral_code}`);
    const cookie = page.cookies.find((c) => c.name === 'ref');
    expect(cookie).toMatchObject({ value: a.freePages.referral_code, httpOnly: true });
    // Wandering around first changes nothing.
    await guest.get('/api/session');
    const b = await registerAndSignIn(guest, uniqueEmail('linked'));
    await guest.get('/api/session');
    expect(guest.cookies.has('ref')).toBe(false);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('referred_by_user_id')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row.referred_by_user_id).toBe(a.id);
    const history = (await a.agent.get('/api/free-pages')).json<TFreePages>();
    expect(history.referrals).toHaveLength(1);
  });

  it('does not make an older account someone’s invitee, nor overwrite an inviter', async () => {
    const a = await inviter();
    const old = new TestAgent(t.app);
    const account = await registerAndSignIn(old);
    // Signed up two days ago (created_at is not updatable through the typed schema).
    await sql`UPDATE users SET created_at = ${new Date(Date.now() - 2 * DAY_MS)} WHERE id = ${account.id}`.execute(
      t.ctx.db,
    );
    old.cookies.set('ref', a.freePages.referral_code);
    await old.get('/api/session');
    const c = await inviter();
    const invited = await invitedBy(a.freePages.referral_code);
    invited.agent.cookies.set('ref', c.freePages.referral_code);
    await invited.agent.get('/api/session');
    const rows = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'referred_by_user_id'])
      .where('id', 'in', [account.id, invited.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: account.id, referred_by_user_id: null },
      { id: invited.id, referred_by_user_id: a.id },
    ]);
  });

  it('links an account created by Facebook sign-in the same way', async () => {
    const a = await inviter();
    const meta = { ip: '127.0.0.1', userAgent: 'test', locale: 'en' as const };
    // What the OAuth callback does for a new Facebook user: create the account, start a session.
    const user = await signInWithFacebook(
      t.ctx,
      { id: `fb-${Date.now()}`, email: uniqueEmail('facebook') },
      meta,
    );
    const session = await createSession(t.ctx, user.id, meta);
    const browser = new TestAgent(t.app);
    browser.cookies.set('sid', session.token);
    browser.cookies.set('ref', a.freePages.referral_code); // kept through the OAuth round trip
    await browser.get('/api/session');
    const history = (await a.agent.get('/api/free-pages')).json<TFreePages>();
    expect(history.referrals).toEqual([
      expect.objectContaining({ status: 'waiting_for_purchase' }), // Facebook confirms e-mails
    ]);
  });

  it('ignores a code that is not one', async () => {
    const guest = new TestAgent(t.app);
    const page = await guest.get('/sign-up?ref=%3Cscript%3E');
    expect(page.cookies.find((c) => c.name === 'ref')).toBeUndefined();
  });
});
