import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AppError } from '../src/http/errors';
import { insertGrant } from '../src/modules/pages/pages-ledger.repo';
import {
  remainingPages,
  restoreVoidedGrant,
  voidGrantRemaining,
} from '../src/modules/pages/pages-ledger.service';
import { checkLedger } from '../src/modules/payments/ledger-check';
import {
  postReservation,
  reservePages,
  voidReservation,
} from '../src/modules/pages/page-reservations.service';
import { createTestApp, uniqueEmail, type TTestApp } from './helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const now = () => new Date();

async function user(): Promise<number> {
  const row = await t.ctx.db
    .insertInto('users')
    .values({
      email: uniqueEmail('ledger'),
      password_hash: null,
      referral_code: `L${Math.random().toString(36).slice(2, 12)}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function job(userId: number): Promise<number> {
  const row = await t.ctx.db
    .insertInto('printjobs')
    .values({ user_id: userId, status: 'scheduled' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function grant(userId: number, pages: number, days: number | null): Promise<number> {
  await insertGrant(t.ctx.db, {
    user_id: userId,
    source: 'package',
    pages,
    expires_at: days === null ? null : new Date(Date.now() + days * DAY),
    reference: null,
  });
  const row = await t.ctx.db
    .selectFrom('page_grants')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const grantRemaining = async (id: number) =>
  (
    await t.ctx.db
      .selectFrom('page_grants')
      .select('remaining')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).remaining;

const inTransaction = <T>(fn: (db: typeof t.ctx.db) => Promise<T>) =>
  t.ctx.db.transaction().execute(fn);

/** The nightly check: what each grant is missing equals what live reservations hold from it. */
async function ledgerIsConsistent(userId: number): Promise<boolean> {
  const rows = await sql<{ id: number; missing: number; held: number }>`
    SELECT g.id, g.pages - g.remaining AS missing,
           coalesce((SELECT sum(i.pages) FROM page_reservation_items i
                      JOIN page_reservations r ON r.id = i.reservation_id
                     WHERE i.grant_id = g.id AND r.status <> 'voided'), 0)::int AS held
      FROM page_grants g WHERE g.user_id = ${userId}`.execute(t.ctx.db);
  const reservations = await sql<{ ok: boolean }>`
    SELECT (coalesce((SELECT sum(i.pages) FROM page_reservation_items i WHERE i.reservation_id = r.id), 0)
            = CASE r.status WHEN 'reserved' THEN r.pages WHEN 'posted' THEN r.charged ELSE 0 END) AS ok
      FROM page_reservations r WHERE r.user_id = ${userId}`.execute(t.ctx.db);
  return (
    rows.rows.every((r) => Number(r.missing) === Number(r.held)) &&
    reservations.rows.every((r) => r.ok)
  );
}

describe('two-phase charging', () => {
  it('reserves from the grant expiring first, then charges only what was printed', async () => {
    const u = await user();
    const never = await grant(u, 10, null);
    const late = await grant(u, 10, 10);
    const soon = await grant(u, 10, 2);
    const j = await job(u);
    const reservation = await inTransaction((db) =>
      reservePages(db, { userId: u, printjobId: j, pages: 15 }, now()),
    );
    expect([
      await grantRemaining(soon),
      await grantRemaining(late),
      await grantRemaining(never),
    ]).toEqual([0, 5, 10]);
    expect(await remainingPages(t.ctx.db, u)).toBe(15);

    // The printer stopped after 12 pages: 3 go back, to the latest-expiring grant used.
    expect(await inTransaction((db) => postReservation(db, reservation, 12, now()))).toBe(12);
    expect([
      await grantRemaining(soon),
      await grantRemaining(late),
      await grantRemaining(never),
    ]).toEqual([0, 8, 10]);
    // A repeated report changes nothing.
    expect(await inTransaction((db) => postReservation(db, reservation, 15, now()))).toBe(12);
    expect(await remainingPages(t.ctx.db, u)).toBe(18);
    expect(await ledgerIsConsistent(u)).toBe(true);
  });

  it('never charges more than reserved, and voids a job that failed before printing', async () => {
    const u = await user();
    await grant(u, 20, 30);
    const [j1, j2] = [await job(u), await job(u)];
    const first = await inTransaction((db) =>
      reservePages(db, { userId: u, printjobId: j1, pages: 8 }, now()),
    );
    expect(await inTransaction((db) => postReservation(db, first, 50, now()))).toBe(8);
    const second = await inTransaction((db) =>
      reservePages(db, { userId: u, printjobId: j2, pages: 5 }, now()),
    );
    expect(await remainingPages(t.ctx.db, u)).toBe(7);
    await inTransaction((db) => voidReservation(db, second, now()));
    await inTransaction((db) => voidReservation(db, second, now()));
    expect(await remainingPages(t.ctx.db, u)).toBe(12);
    expect(await ledgerIsConsistent(u)).toBe(true);
  });

  it('refuses a reservation over the remaining pages and changes nothing', async () => {
    const u = await user();
    const g = await grant(u, 4, 30);
    const j = await job(u);
    const attempt = inTransaction((db) =>
      reservePages(db, { userId: u, printjobId: j, pages: 5 }, now()),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'over_limit' });
    expect(await grantRemaining(g)).toBe(4);
  });

  it('lets exactly one of 50 concurrent releases spend pages enough for one job', async () => {
    const u = await user();
    await grant(u, 6, 30);
    await grant(u, 4, 60);
    const jobs = await Promise.all(Array.from({ length: 50 }, () => job(u)));
    const results = await Promise.allSettled(
      jobs.map((printjobId) =>
        inTransaction((db) => reservePages(db, { userId: u, printjobId, pages: 10 }, now())),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(AppError);
    }
    expect(await remainingPages(t.ctx.db, u)).toBe(0);
    const negative = await t.ctx.db
      .selectFrom('page_grants')
      .select('id')
      .where('remaining', '<', 0)
      .execute();
    expect(negative).toEqual([]);
    expect(await ledgerIsConsistent(u)).toBe(true);
  });

  it('charges one job once even when its release arrives many times at once', async () => {
    const u = await user();
    await grant(u, 100, 30);
    const printjobId = await job(u);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        inTransaction((db) => reservePages(db, { userId: u, printjobId, pages: 7 }, now())),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await remainingPages(t.ctx.db, u)).toBe(93);
    expect(await ledgerIsConsistent(u)).toBe(true);
  });
});

describe('a voided grant (its purchase was refunded)', () => {
  it('drops the pages a reservation hands back to it; the other grants get theirs', async () => {
    const u = await user();
    const kept = await grant(u, 10, 30);
    const refunded = await grant(u, 10, 60);
    const j = await job(u);
    const reservation = await inTransaction((db) =>
      reservePages(db, { userId: u, printjobId: j, pages: 16 }, now()),
    );
    expect([await grantRemaining(kept), await grantRemaining(refunded)]).toEqual([0, 4]);
    expect(await inTransaction((db) => voidGrantRemaining(db, refunded, now()))).toBe(4);

    // 3 pages printed of 16: 13 go back, latest-expiring grant first (the voided one: dropped).
    expect(await inTransaction((db) => postReservation(db, reservation, 3, now()))).toBe(3);
    expect([await grantRemaining(kept), await grantRemaining(refunded)]).toEqual([7, 0]);
    expect(await remainingPages(t.ctx.db, u)).toBe(7);
    const items = await t.ctx.db
      .selectFrom('page_reservation_items')
      .select(['grant_id', 'pages'])
      .where('reservation_id', '=', reservation)
      .execute();
    expect(items).toEqual([{ grant_id: kept, pages: 3 }]);

    // Un-voided (its refund failed), it gets every page nothing holds: the 4 taken, the 6 dropped.
    expect(await inTransaction((db) => restoreVoidedGrant(db, refunded))).toBe(10);
    expect(await grantRemaining(refunded)).toBe(10);
    expect(await ledgerIsConsistent(u)).toBe(true);
  });

  it('un-voiding while a job hands pages back loses none of them', async () => {
    // Real concurrency on PostgreSQL: the grant lock orders the two.
    for (let round = 0; round < 5; round += 1) {
      const u = await user();
      const g = await grant(u, 20, 30);
      const j = await job(u);
      const reservation = await inTransaction((db) =>
        reservePages(db, { userId: u, printjobId: j, pages: 12 }, now()),
      );
      await inTransaction((db) => voidGrantRemaining(db, g, now()));
      await Promise.all([
        inTransaction((db) => voidReservation(db, reservation, now())),
        inTransaction((db) => restoreVoidedGrant(db, g)),
      ]);
      expect(await grantRemaining(g)).toBe(20);
      expect(await ledgerIsConsistent(u)).toBe(true);
    }
  });

  it("the ledger check knows a refunded purchase's grant: voided, and never filled again", async () => {
    const u = await user();
    const reference = `pay_ledger_${u}`;
    const g = await insertGrant(t.ctx.db, {
      user_id: u,
      source: 'package',
      pages: 30,
      expires_at: null,
      reference,
    });
    const payment = await t.ctx.db
      .insertInto('payments')
      .values({
        reference,
        user_id: u,
        payer_email: 'ledger@example.test',
        provider: 'sandbox',
        provider_reference: `sbx_${u}`,
        method: 'card',
        status: 'completed',
        amount_minor: 1000,
        currency: 'PLN',
        pages: 30,
        validity_days: 30,
        idempotency_key: `ledger-${u}`,
        locale: 'en',
        completed_at: new Date(),
        grant_id: g,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const problemsOf = async () =>
      (await checkLedger(t.ctx.db)).filter((p) => p.userId === u).map((p) => p.problem);
    // A job holds 5; the refund takes the other 25 back.
    const j = await job(u);
    const reservation = await inTransaction((db) =>
      reservePages(db, { userId: u, printjobId: j, pages: 5 }, now()),
    );
    const pagesVoided = await inTransaction((db) => voidGrantRemaining(db, g, now()));
    expect(pagesVoided).toBe(25);
    // Voided without a refund: a problem.
    expect(await problemsOf()).toEqual(['refunded_grant_not_voided']);
    const refund = await t.ctx.db
      .insertInto('refunds')
      .values({
        reference: `re_ledger_${u}`,
        payment_id: payment.id,
        express_order_id: null,
        amount_minor: 1000,
        currency: 'PLN',
        reason: 'purchase_refunded',
        provider: 'sandbox',
        provider_reference: null,
        failure_code: null,
        pages_voided: pagesVoided,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await problemsOf()).toEqual([]);
    await inTransaction((db) => voidReservation(db, reservation, now()));
    expect(await problemsOf()).toEqual([]);

    // Pages added to it again (what a reservation handing back used to do): found.
    await t.ctx.db.updateTable('page_grants').set({ remaining: 5 }).where('id', '=', g).execute();
    expect(await problemsOf()).toEqual(['voided_grant_refilled']);
    await t.ctx.db.updateTable('page_grants').set({ remaining: 0 }).where('id', '=', g).execute();

    // The refund failed and gave the pages back: checked like any grant again.
    await t.ctx.db
      .updateTable('refunds')
      .set({ status: 'failed' })
      .where('id', '=', refund.id)
      .execute();
    expect(await problemsOf()).toEqual(['refunded_grant_not_voided']);
    await inTransaction((db) => restoreVoidedGrant(db, g));
    expect(await problemsOf()).toEqual([]);
    expect(await grantRemaining(g)).toBe(30);
  });
});
