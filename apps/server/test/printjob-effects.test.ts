import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordJobStarted } from '../src/modules/agents/agents.service';
import {
  changePrintjobStatus,
  withPrintjobTransaction,
  type TPrintjobEffect,
} from '../src/modules/printjobs';
import type { TBusEvent, TBusTopic } from '../src/realtime/event-bus';
import { seedDemoData } from '../src/seed/seed';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  printerId = (
    await t.ctx.db.selectFrom('printers').select('id').orderBy('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

/** A signed-in person and their current (created) job. */
async function personWithJob() {
  const agent = new TestAgent(t.app);
  const { id: userId, email } = await registerAndSignIn(agent);
  const job = (await agent.get('/ajax/printjobs/current')).json<{ id: number }>();
  return { agent, userId, email, jobId: job.id };
}

const jobRow = (id: number) =>
  t.ctx.db.selectFrom('printjobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Everything published on the bus while `run` runs, with the moment it was published. */
async function publishedDuring<T>(run: (published: [TBusTopic, TBusEvent][]) => Promise<T>) {
  const published: [TBusTopic, TBusEvent][] = [];
  const spy = vi.spyOn(t.ctx.events, 'publish').mockImplementation((topic, event) => {
    published.push([topic, event]);
    return Promise.resolve();
  });
  try {
    const result = await run(published).catch((err: unknown) => err);
    return { published, result };
  } finally {
    spy.mockRestore();
  }
}

/** Releases the job to the printer inside a print-job transaction (as a release does). */
function scheduleIn(jobId: number, after: (effects: readonly TPrintjobEffect[]) => void) {
  return withPrintjobTransaction(t.ctx, async (trx, effects) => {
    const job = await trx
      .selectFrom('printjobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const released = await changePrintjobStatus(
      trx,
      effects,
      job,
      'schedule',
      { userId: null, source: 'admin' },
      { printer_id: printerId, released_at: t.ctx.now() },
    );
    after(effects.list);
    return released;
  });
}

describe('print-job effects run after commit', () => {
  it('publishes nothing for a change that is rolled back', async () => {
    const { jobId } = await personWithJob();
    const { published, result } = await publishedDuring(() =>
      scheduleIn(jobId, () => {
        throw new Error('something later in the transaction failed');
      }),
    );
    expect(result).toBeInstanceOf(Error);
    expect(published).toEqual([]);
    expect((await jobRow(jobId)).status).toBe('created');
  });

  it('tells the agent and the owner once committed, not while the transaction is open', async () => {
    const { userId, jobId } = await personWithJob();
    const { published, result } = await publishedDuring((seen) =>
      scheduleIn(jobId, (effects) => {
        // Collected, not published: the transaction has not committed yet.
        expect(effects.map((e) => e.kind)).toEqual(['agent_release', 'printjob_changed']);
        expect(seen).toEqual([]);
      }),
    );
    expect(result).toMatchObject({ id: jobId, status: 'scheduled' });
    expect(published).toEqual([
      [`printer:${printerId}`, { kind: 'job_released', printerId, jobId }],
      [`user:${userId}`, { kind: 'printjob_changed', userId, jobId, status: 'scheduled' }],
    ]);
    expect((await jobRow(jobId)).status).toBe('scheduled');
  });

  it('queues a mail effect with the transaction: sent after commit, never after a rollback', async () => {
    const { email } = await personWithJob();
    const mail = (subject: string): TPrintjobEffect => ({
      kind: 'mail',
      mail: { to: email, subject, text: subject, html: `<p>${subject}</p>` },
    });
    await expect(
      withPrintjobTransaction(t.ctx, (_trx, effects) => {
        effects.add(mail('rolled back'));
        return Promise.reject(new Error('rollback'));
      }),
    ).rejects.toThrow('rollback');
    await withPrintjobTransaction(t.ctx, (_trx, effects) => {
      effects.add(mail('committed'));
      return Promise.resolve();
    });
    const ours = (m: { subject: string }) => ['rolled back', 'committed'].includes(m.subject);
    expect((await t.smtp.waitFor(email, ours)).subject).toBe('committed');
    // The queue had the whole time to send a mail of the rolled-back transaction.
    await new Promise((r) => setTimeout(r, 300));
    expect(
      t.smtp.mails.filter((m) => m.to.includes(email) && ours(m)).map((m) => m.subject),
    ).toEqual(['committed']);
  });
});

describe('printing started', () => {
  it('shows the owner "printing" and publishes the change once', async () => {
    const { agent, userId, jobId } = await personWithJob();
    await scheduleIn(jobId, () => undefined);
    expect((await agent.get('/ajax/printjobs/current')).json()).toMatchObject({
      id: jobId,
      phase: 'waiting',
    });
    const first = await publishedDuring(() => recordJobStarted(t.ctx, printerId, jobId));
    expect(first.published).toEqual([
      [`user:${userId}`, { kind: 'printjob_changed', userId, jobId, status: 'scheduled' }],
    ]);
    expect((await agent.get('/ajax/printjobs/current')).json()).toMatchObject({
      id: jobId,
      phase: 'printing',
    });
    // The agent says it again (reconnection): nothing changes, nobody is told.
    const stamped = (await jobRow(jobId)).printing_started_at;
    const again = await publishedDuring(() => recordJobStarted(t.ctx, printerId, jobId));
    expect(again.published).toEqual([]);
    expect((await jobRow(jobId)).printing_started_at).toEqual(stamped);
  });
});
