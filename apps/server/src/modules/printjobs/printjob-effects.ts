import type { TAppContext } from '../../context';
import { announceNotedPeople } from '../../realtime/person-changed';
import type { TDb } from '../../db/database';
import type { TPrintjobRow } from '../../db/schema';
import { enqueueJob } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import type { TMail } from '../mail/mailer';

/**
 * What has to happen outside the database because a print job changed. The print-job domain
 * decides them (the status writer derives them from the transition, see `effectsOfStatusChange`);
 * callers only run their transaction through `withPrintjobTransaction`, which runs them once the
 * transaction committed, so nobody is ever told about a change that was rolled back.
 *
 * Hooking in (e.g. an order that waits for its job to end: `after.express_order_id` with `after`
 * printed, failed or archived, or a withdrawn job): add a kind here, derive it where the change
 * happens (`effectsOfStatusChange` for status changes, `withdrawalEffects` for jobs that
 * disappear) and run it in `runEffect`. Work that must be atomic with the change (rows of another
 * table) belongs inside the transaction instead, next to `effects.add` in `changePrintjobStatus`,
 * which sees the job before and after. Either way printjobs then imports that module's service,
 * so that module must not import printjobs (`npm run boundaries` forbids folder cycles). An
 * effect is for telling others, and a lost effect must be recoverable (polling, reconnection).
 */
export type TPrintjobEffect =
  /** The owner's open pages (SSE `printjob`) reload the job; one per job, its latest state. */
  | { kind: 'printjob_changed'; job: TPrintjobRow }
  /** The printer's agent gets the released job at once (it also gets it on reconnection). */
  | { kind: 'agent_release'; printerId: number; jobId: number }
  /** The printer's agent drops a job it may still hold (failed, settled or deleted meanwhile). */
  | { kind: 'agent_withdraw'; printerId: number; jobId: number }
  /** A mail about the job; queued in the same transaction (the mail queue is transactional). */
  | { kind: 'mail'; mail: TMail }
  /**
   * A job sent to a printer ended (printed or failed, by the printer or an administrator): the
   * registered end reactions run inside the same transaction (see `onPrintjobEnded`).
   */
  | { kind: 'job_ended'; job: TPrintjobRow; source: 'user' | 'admin' | 'printer' };

/**
 * Work another module does, atomically with the change, when one of its jobs ends (express
 * orders: the order is printed, or failed and refunded). Registered by that module (printjobs
 * imports nobody's service, so there is no folder cycle); every app in a process registers the
 * same reactions, which get the app's context. A reaction that throws rolls the change back.
 */
export type TPrintjobEndReaction = (
  ctx: TAppContext,
  trx: TDb,
  job: TPrintjobRow,
  /** Who ended it: the printer's report, or an administrator. */
  source: 'user' | 'admin' | 'printer',
) => Promise<void>;

const endReactions = new Map<string, TPrintjobEndReaction>();

/** Idempotent per name (a second registration replaces the first). */
export function onPrintjobEnded(name: string, reaction: TPrintjobEndReaction): void {
  endReactions.set(name, reaction);
}

/**
 * Who changed a job: its owner, an administrator, its printer's report, or the server on its own
 * (a job that expired, see printjob-expiry.service.ts).
 */
export type TPrintjobChangeSource = 'user' | 'admin' | 'printer' | 'system';

/** Collects the effects of one transaction's print-job changes, in the order they happened. */
export class PrintjobEffects {
  readonly #effects: TPrintjobEffect[] = [];

  add(...effects: TPrintjobEffect[]): void {
    this.#effects.push(...effects);
  }

  get list(): readonly TPrintjobEffect[] {
    return this.#effects;
  }
}

/**
 * Runs `fn` in a transaction with an effect collector, queues its mails inside the transaction,
 * commits, and only then runs the other effects. A transaction that throws runs none.
 */
export async function withPrintjobTransaction<T>(
  ctx: TAppContext,
  fn: (trx: TDb, effects: PrintjobEffects) => Promise<T>,
): Promise<T> {
  const effects = new PrintjobEffects();
  let used: TDb | undefined;
  const result = await ctx.db.transaction().execute(async (trx) => {
    used = trx;
    const value = await fn(trx, effects);
    await runEffectsInTransaction(ctx, trx, effects);
    return value;
  });
  await runPrintjobEffects(ctx, effects.list);
  // People whose pages a reaction changed (noted by the ledger), e.g. a refund grant.
  if (used) await announceNotedPeople(ctx, used);
  return result;
}

/**
 * The part of the effects that belongs inside the transaction: mails are queued, end reactions
 * run. For a transaction another module opened (a printer taken out of service ends its waiting
 * jobs); it then runs `runPrintjobEffects` once it committed.
 */
export async function runEffectsInTransaction(
  ctx: TAppContext,
  trx: TDb,
  effects: PrintjobEffects,
): Promise<void> {
  // By index: a reaction may change jobs too, adding effects (and ends) of its own.
  for (let i = 0; i < effects.list.length; i += 1) {
    const effect = effects.list[i]!;
    if (effect.kind === 'mail') await enqueueJob(trx, SEND_MAIL_JOB, effect.mail);
    if (effect.kind === 'job_ended')
      for (const reaction of endReactions.values())
        await reaction(ctx, trx, effect.job, effect.source);
  }
}

/**
 * Runs committed effects: agent pushes first (in order), then one `printjob_changed` per job with
 * its latest state (a job printed and archived in one transaction is announced once, archived).
 * A failed publish is logged, never thrown: the change is committed, and pages poll, agents
 * re-read their jobs on reconnection.
 */
export async function runPrintjobEffects(
  ctx: TAppContext,
  effects: readonly TPrintjobEffect[],
): Promise<void> {
  const changed = new Map<number, TPrintjobRow>();
  for (const effect of effects) {
    if (effect.kind === 'printjob_changed') {
      changed.delete(effect.job.id);
      changed.set(effect.job.id, effect.job);
    } else await runEffect(ctx, effect);
  }
  for (const job of changed.values()) await runEffect(ctx, { kind: 'printjob_changed', job });
}

async function runEffect(ctx: TAppContext, effect: TPrintjobEffect): Promise<void> {
  const logged = (message: string) => (err: unknown) => ctx.log.error({ err }, message);
  switch (effect.kind) {
    case 'printjob_changed': {
      const { job } = effect;
      // This instance's cached polls of the owner go at once; other instances' with the event.
      ctx.pollCache.invalidatePerson(job.user_id);
      await ctx.events
        .publish(`user:${job.user_id}`, {
          kind: 'printjob_changed',
          userId: job.user_id,
          jobId: job.id,
          status: job.status,
        })
        .catch(logged('could not publish a job change'));
      return;
    }
    case 'agent_release':
      await ctx.events
        .publish(`printer:${effect.printerId}`, {
          kind: 'job_released',
          printerId: effect.printerId,
          jobId: effect.jobId,
        })
        .catch(logged('could not push a released job'));
      return;
    case 'agent_withdraw':
      await ctx.events
        .publish(`printer:${effect.printerId}`, {
          kind: 'job_cancelled',
          printerId: effect.printerId,
          jobId: effect.jobId,
        })
        .catch(logged('could not withdraw a job from its printer'));
      return;
    case 'mail':
    case 'job_ended':
      // Done inside the transaction by withPrintjobTransaction: nothing left to do.
      return;
  }
}

/**
 * What a status change means outside the database: the owner's pages reload; a job released to a
 * printer is pushed to its agent; a job that leaves a printer's queue for any reason but the
 * printer's own report (an admin failed or settled it) is withdrawn from that agent.
 */
export function effectsOfStatusChange(
  before: TPrintjobRow,
  after: TPrintjobRow,
  source: TPrintjobChangeSource,
): TPrintjobEffect[] {
  const effects: TPrintjobEffect[] = [];
  if (after.status === 'scheduled' && before.status !== 'scheduled' && after.printer_id !== null)
    effects.push({ kind: 'agent_release', printerId: after.printer_id, jobId: after.id });
  if (
    before.status === 'scheduled' &&
    before.printer_id !== null &&
    (after.status !== 'scheduled' || after.printer_id !== before.printer_id) &&
    source !== 'printer'
  )
    effects.push({ kind: 'agent_withdraw', printerId: before.printer_id, jobId: before.id });
  // The server ends only page-paid jobs on its own (expiry leaves express jobs to their order's
  // deadline), and the end reactions are for jobs paid otherwise: they have nothing to do then.
  if (
    source !== 'system' &&
    before.status === 'scheduled' &&
    (after.status === 'printed' || after.status === 'failed')
  )
    effects.push({ kind: 'job_ended', job: after, source });
  effects.push({ kind: 'printjob_changed', job: after });
  return effects;
}

/** Jobs that disappear with their owner: those waiting at a printer are withdrawn from it. */
export function withdrawalEffects(
  jobs: readonly Pick<TPrintjobRow, 'id' | 'status' | 'printer_id'>[],
): TPrintjobEffect[] {
  return jobs.flatMap((job): TPrintjobEffect[] =>
    job.status === 'scheduled' && job.printer_id !== null
      ? [{ kind: 'agent_withdraw', printerId: job.printer_id, jobId: job.id }]
      : [],
  );
}
