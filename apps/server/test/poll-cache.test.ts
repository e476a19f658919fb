import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPrintjob } from '@printomat/shared';
import { applyDocumentRetention } from '../src/modules/documents/document-retention.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { reportPrinted } from '../src/modules/printjobs/release.service';
import { seedDemoData } from '../src/seed/seed';
import { createTestDatabase, testDatabaseKind } from './helpers/database';
import { makePdf } from './helpers/fixtures';
import { buyPackageMByCard } from './helpers/payments';
import { signInNewAdmin } from './helpers/admin';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';
import type { TDatabase } from '../src/db/database';

// Issue 19: unchanged polls cost no database work, changed ones little, on every instance.

const POLLS = ['/ajax/printjobs/current', '/ajax/user', '/ajax/user.html'] as const;
const CACHED = { POLL_CACHE_SECONDS: '60', SESSION_CACHE_SECONDS: '60' };
const WEBHOOK_SECRET = 'poll-cache-webhook-secret-0123456789';
const ONLINE_PRINTER_CODE = '418273'; // Złote Tarasy in the demo data

/** Queries the app runs inside `measure` (other work of the process, e.g. the job queue, is not counted). */
class QueryCounter implements KyselyPlugin {
  readonly #scope = new AsyncLocalStorage<string[]>();
  constructor(private readonly compile: (node: RootOperationNode) => string) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#scope.getStore()?.push(this.compile(args.node));
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }

  async measure<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
    const queries: string[] = [];
    const result = await this.#scope.run(queries, work);
    return { result, queries };
  }
}

/** Counts every query of the app through `ctx.db` (services read it at call time). */
function countQueries(t: TTestApp): QueryCounter {
  const executor = t.ctx.db.getExecutor();
  const counter = new QueryCounter((node) => executor.compileQuery(node, { queryId: 'count' }).sql);
  t.ctx.db = t.ctx.db.withPlugin(counter);
  return counter;
}

/** Lets the bus deliver (the local bus delivers on the next tick, NOTIFY a little later). */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
}

function etagOf(response: LightMyRequestResponse): string {
  const etag = response.headers.etag;
  if (typeof etag !== 'string') throw new Error(`no ETag on ${response.statusCode}`);
  return etag;
}

/** Polls `url` holding `etag` (as a browser does): 304 when unchanged. */
function poll(agent: TestAgent, url: string, etag?: string) {
  return agent.get(url, etag ? { headers: { 'if-none-match': etag } } : undefined);
}

/** Polls all three answers and answers their ETags. */
async function etags(agent: TestAgent): Promise<Record<(typeof POLLS)[number], string>> {
  const [job, user, panel] = await Promise.all(POLLS.map((url) => poll(agent, url)));
  return {
    '/ajax/printjobs/current': etagOf(job!),
    '/ajax/user': etagOf(user!),
    '/ajax/user.html': etagOf(panel!),
  };
}

describe('poll answers with ETag and 304', () => {
  let t: TTestApp;
  let counter: QueryCounter;
  beforeAll(async () => {
    t = await createTestApp({ ...CACHED, PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
    await seedDemoData(t.ctx.db);
    // The demo printer prints at any hour and its agent was just heard from.
    const printer = await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date() })
      .where('direct_print_code', '=', ONLINE_PRINTER_CODE)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('printer_open_hours').where('printer_id', '=', printer.id).execute();
    counter = countQueries(t);
  }, 60_000);
  afterAll(() => t?.close());

  async function person() {
    const agent = new TestAgent(t.app);
    const { id } = await registerAndSignIn(agent);
    return { agent, id };
  }

  it('answers 200 with a strong ETag, then 304 with no body for the same ETag', async () => {
    const { agent } = await person();
    for (const url of POLLS) {
      const first = await poll(agent, url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = etagOf(first);
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await poll(agent, url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // A list of validators, weak forms included, matches as well; another ETag gets the body.
      expect((await poll(agent, url, `"other", W/${etag}`)).statusCode).toBe(304);
      const other = await poll(agent, url, '"other"');
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  it('answers an unchanged poll without a single query, and a changed one in one', async () => {
    const { agent, id } = await person();
    await agent.upload('/ajax/documents/upload', 'a.pdf', await makePdf(2));
    const held = await etags(agent);
    for (const url of POLLS) {
      const { result, queries } = await counter.measure(() => poll(agent, url, held[url]));
      expect(result.statusCode).toBe(304);
      expect(queries).toEqual([]);
    }
    // The job after a change: one round trip (job, documents, printer, kind, last result).
    t.ctx.pollCache.invalidatePerson(id);
    const job = await counter.measure(() => poll(agent, '/ajax/printjobs/current'));
    expect(job.result.statusCode).toBe(200);
    expect(job.result.json<TPrintjob>().documents).toHaveLength(1);
    expect(job.queries).toHaveLength(1);
    t.ctx.pollCache.invalidatePerson(id);
    const user = await counter.measure(() => poll(agent, '/ajax/user'));
    expect(user.queries).toHaveLength(1);
    // The panel: pages and the next expiry together (a person who uses the app: one more, for
    // the hint about a confirmed job).
    t.ctx.pollCache.invalidatePerson(id);
    const panel = await counter.measure(() => poll(agent, '/ajax/user.html'));
    expect(panel.result.statusCode).toBe(200);
    expect(panel.queries).toHaveLength(1);
  });

  it('changes the ETag and the answer after every change the person makes to the job', async () => {
    const { agent } = await person();
    let before = await etags(agent);
    const changed = async (check: (job: TPrintjob) => void) => {
      await settle();
      const response = await poll(
        agent,
        '/ajax/printjobs/current',
        before['/ajax/printjobs/current'],
      );
      expect(response.statusCode).toBe(200);
      check(response.json<TPrintjob>());
      before = await etags(agent);
    };
    const upload = await agent.upload('/ajax/documents/upload', 'thesis.pdf', await makePdf(3));
    const doc = upload.json<{ id: number }>();
    await changed((job) => expect(job.documents.map((d) => d.page_count)).toEqual([3]));
    const job = (await poll(agent, '/ajax/printjobs/current')).json<TPrintjob>();

    expect(
      (await agent.request('PUT', `/ajax/documents/${doc.id}`, { copies: 2 })).statusCode,
    ).toBe(200);
    await changed((j) => expect(j.documents[0]?.copies).toBe(2));

    // A limited job keeps the default settings; saving them still counts as activity (the
    // documents' deletion moves with it).
    const deleteAt = (await poll(agent, '/ajax/printjobs/current')).json<TPrintjob>()
      .files_delete_at;
    expect(
      (await agent.post(`/ajax/printjobs/${job.id}/settings`, { is_grayscale: true })).statusCode,
    ).toBe(200);
    await changed((j) => expect(j.files_delete_at).not.toBe(deleteAt));

    // Settings of a limited job stay; a submit needs pages: the pages first (an admin's grant).
    const admin = await signInNewAdmin(t);
    const me = (await poll(agent, '/ajax/user')).json<{ id: number }>();
    const userBefore = before['/ajax/user'];
    expect(
      (
        await admin.post(`/api/admin/users/${me.id}/grants`, {
          pages: 40,
          valid_days: 30,
          reason: 'poll cache test',
        })
      ).statusCode,
    ).toBe(200);
    await settle();
    const user = await poll(agent, '/ajax/user', userBefore);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ remaining_page_limit: 40 });
    before = await etags(agent);

    expect(
      (await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).statusCode,
    ).toBe(200);
    await changed((j) => expect(j.is_submitted).toBe(true));
    const panel = await poll(agent, '/ajax/user.html');
    expect(panel.body).toContain('data-remaining="40"');
    expect(panel.body).toContain('user-panel__expiry');

    expect(
      (await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: false })).statusCode,
    ).toBe(200);
    await changed((j) => expect(j.is_submitted).toBe(false));

    // The legacy GET that removes (it needs the CSRF header all the same).
    const removed = await agent.get(`/ajax/documents/${doc.id}/remove`, {
      headers: { 'x-csrf-token': agent.csrfToken ?? '' },
    });
    expect(removed.statusCode).toBe(200);
    await changed((j) => expect(j.documents).toEqual([]));
  });

  it('changes the answers when a purchase completes (payment provider webhook)', async () => {
    const { agent, id } = await person();
    await t.ctx.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date() })
      .where('id', '=', id)
      .execute();
    // The row changed behind the caches' back: start from fresh answers.
    t.ctx.pollCache.invalidatePerson(id);
    const before = await etags(agent);
    const m = await buyPackageMByCard(t, agent);
    await settle();
    const user = await poll(agent, '/ajax/user', before['/ajax/user']);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ remaining_page_limit: m.pages });
    const job = await poll(agent, '/ajax/printjobs/current', before['/ajax/printjobs/current']);
    expect(job.statusCode).toBe(200);
    expect(job.json<TPrintjob>().kind).toBe('standard');
    const panel = await poll(agent, '/ajax/user.html', before['/ajax/user.html']);
    expect(panel.statusCode).toBe(200);
    expect(panel.body).toContain(`data-remaining="${m.pages}"`);
  });

  it('changes the answers at release, when the printer reports, and when the files go', async () => {
    const { agent, id } = await person();
    await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 10, validDays: 30 });
    t.ctx.pollCache.invalidatePerson(id);
    await agent.upload('/ajax/documents/upload', 'report.pdf', await makePdf(2));
    const current = (await poll(agent, '/ajax/printjobs/current')).json<TPrintjob>();
    await agent.post(`/ajax/printjobs/${current.id}/submit`, { is_submitted: true });
    await settle();
    let before = await etags(agent);
    const released = await agent.post(`/ajax/printjobs/${current.id}/print_with_code`, {
      code: ONLINE_PRINTER_CODE,
    });
    expect(released.statusCode).toBe(200);
    await settle();
    const waiting = await poll(agent, '/ajax/printjobs/current', before['/ajax/printjobs/current']);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json<TPrintjob>()).toMatchObject({ id: current.id, status: 'scheduled' });
    const reserved = await poll(agent, '/ajax/user', before['/ajax/user']);
    expect(reserved.statusCode).toBe(200);
    expect(reserved.json()).toMatchObject({ remaining_page_limit: 8 });
    before = await etags(agent);

    await reportPrinted(t.ctx, current.id, 2);
    await settle();
    const ended = await poll(agent, '/ajax/printjobs/current', before['/ajax/printjobs/current']);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<TPrintjob>().last_result).toMatchObject({
      printjob_id: current.id,
      status: 'printed',
      charged_pages: 2,
      files_deleted_at: null,
    });
    before = await etags(agent);

    // Retention: the files go DOCUMENT_RETENTION_HOURS after the end (the clock moved for the
    // run only: the cached answers have not expired when the person polls again).
    const realNow = t.ctx.now;
    const later = Date.now() + (t.ctx.config.documentRetentionHours + 0.5) * 3_600_000;
    t.ctx.now = () => new Date(later);
    try {
      expect((await applyDocumentRetention(t.ctx)).cleared).toBeGreaterThan(0);
    } finally {
      t.ctx.now = realNow;
    }
    await settle();
    const cleared = await poll(agent, '/ajax/printjobs/current', before['/ajax/printjobs/current']);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<TPrintjob>().last_result?.files_deleted_at).not.toBeNull();
  });

  it('rebuilds an answer when the signed-in row it shows changed (the app was opened)', async () => {
    const { agent } = await person();
    const before = await etags(agent);
    const opened = await agent.post('/ajax/user/mobile_app', {});
    expect(opened.statusCode).toBe(200);
    await settle();
    const user = await poll(agent, '/ajax/user', before['/ajax/user']);
    expect(user.statusCode).toBe(200);
    expect(user.json<{ last_login_mobile: string | null }>().last_login_mobile).not.toBeNull();
    const panel = await poll(agent, '/ajax/user.html', before['/ajax/user.html']);
    expect(panel.statusCode).toBe(200);
  });

  it('keeps answers apart per language and per person', async () => {
    const { agent } = await person();
    const other = await person();
    const en = await poll(agent, '/ajax/user.html');
    agent.cookies.set('lang', 'pl');
    const pl = await poll(agent, '/ajax/user.html', etagOf(en));
    expect(pl.statusCode).toBe(200);
    expect(pl.body).not.toBe(en.body);
    const job = await poll(agent, '/ajax/printjobs/current');
    const theirs = await poll(other.agent, '/ajax/printjobs/current', etagOf(job));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<TPrintjob>().id).not.toBe(job.json<TPrintjob>().id);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('two instances on one PostgreSQL', () => {
  let database: TDatabase;
  let a: TTestApp;
  let b: TTestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp(CACHED, { database });
    b = await createTestApp(CACHED, { database });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('a change made through A changes B’s next answer at once, with the same ETags on both', async () => {
    const onA = new TestAgent(a.app);
    await registerAndSignIn(onA);
    // The same browser, balanced round-robin: its cookies go to B as well.
    const onB = new TestAgent(b.app);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const fromA = await etags(onA);
    const fromB = await etags(onB);
    // Same content, same validator, whichever instance answers.
    expect(fromB).toEqual(fromA);
    expect(
      (await poll(onB, '/ajax/printjobs/current', fromA['/ajax/printjobs/current'])).statusCode,
    ).toBe(304);

    const upload = await onA.upload('/ajax/documents/upload', 'notes.pdf', await makePdf(4));
    expect(upload.statusCode).toBe(201);
    await settle();
    const onBAfter = await poll(onB, '/ajax/printjobs/current', fromB['/ajax/printjobs/current']);
    expect(onBAfter.statusCode).toBe(200);
    expect(onBAfter.json<TPrintjob>().documents.map((d) => d.name)).toEqual(['notes.pdf']);
    const onAAfter = await poll(onA, '/ajax/printjobs/current');
    expect(etagOf(onAAfter)).toBe(etagOf(onBAfter));
  });
});
