import { Counter, Gauge } from 'prom-client';
import type { TAppContext } from '../../context';
import type { TPaymentStatus, TPrintjobStatus } from '../../db/schema';
import { queueStats } from '../jobs/queue';
import { availabilityOf } from '../printers/printers.service';
import {
  countPaymentsByStatus,
  countPrintjobsByStatus,
  listPrintersInService,
  sumChargedPages,
} from './metrics.repo';

/** What the printer metric calls the map's availabilities. */
const PRINTER_STATES = [
  'online',
  'waiting',
  'error',
  'offline',
  'maintenance',
  'disabled',
] as const;
type TPrinterState = (typeof PRINTER_STATES)[number];

function printerState(availability: ReturnType<typeof availabilityOf>): TPrinterState {
  switch (availability) {
    case 'available':
      return 'online';
    case 'door_open':
      return 'waiting';
    case 'offline':
    case 'maintenance':
    case 'disabled':
      return availability;
    // The agent is there, the device cannot print.
    case 'out_of_paper':
    case 'paper_jam':
    case 'out_of_toner':
    case 'printer_error':
    case 'printer_unreachable':
      return 'error';
  }
}

/** A printed job is archived in the same transaction: both count as printed. */
const PRINTJOB_STATES = ['created', 'scheduled', 'printed', 'failed'] as const;
const printjobState = (status: TPrintjobStatus) => (status === 'archived' ? 'printed' : status);
const PAYMENT_STATES: readonly TPaymentStatus[] = ['processing', 'completed', 'failed'];

type TSample<L extends string> = [labels: Partial<Record<L, string>>, value: number];

/**
 * Calls made while one is running share it (two metrics of one scrape, or two scrapers, read the
 * queue once), and its answer is reused until it is `keepMs` old (0: only while it runs). A
 * failed read is not kept: the next call tries again.
 */
function cached<T>(read: () => Promise<T>, keepMs: number): () => Promise<T> {
  let running: Promise<T> | undefined;
  let kept: { at: number; value: T } | undefined;
  return () => {
    if (kept && performance.now() - kept.at < keepMs) return Promise.resolve(kept.value);
    return (running ??= read()
      .then((value) => {
        kept = { at: performance.now(), value };
        return value;
      })
      .finally(() => {
        running = undefined;
      }));
  };
}

/**
 * The metrics read from the database when scraped, registered on the context's registry. They
 * describe the shared database, so every instance answers the same values (aggregate them with
 * `max`, not `sum`). Each query runs at most once per `METRICS_CACHE_SECONDS` on an instance,
 * however many scrapers ask. A failed query drops that gauge from the scrape (the pages counter
 * keeps its last value) and counts in `printomat_metrics_collect_failures_total`; the scrape
 * still answers.
 */
export function registerDatabaseMetrics(ctx: TAppContext): void {
  const registers = [ctx.metrics.registry];
  const keepMs = ctx.config.metrics.cacheSeconds * 1_000;
  // The reads of one scrape. The registry calls every metric's collect in one synchronous loop,
  // in the order they were registered, so the reads started in one turn of the event loop are
  // one scrape's: the failure counter (registered last, below) waits for exactly those, and a
  // failure shows in the scrape it happened in, never in another scraper's.
  let scrape: Array<Promise<void>> | undefined;
  const thisScrape = () => {
    if (scrape) return scrape;
    const started: Array<Promise<void>> = (scrape = []);
    queueMicrotask(() => {
      if (scrape === started) scrape = undefined;
    });
    return started;
  };
  /** Runs one metric's read for this scrape; a failure is logged and counted, never thrown. */
  const collecting = (name: string, read: () => Promise<void>, onFailure: () => void) => {
    const done = read().catch((err: unknown) => {
      onFailure();
      failures.inc({ metric: name });
      ctx.log.warn({ err, metric: name }, 'metric not read from the database');
    });
    thisScrape().push(done);
    return done;
  };

  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<Array<TSample<L>>>,
  ) => {
    const metric: Gauge<L> = new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect: () =>
        collecting(
          name,
          async () => {
            const samples = await read();
            metric.reset();
            for (const [labels, value] of samples) metric.set(labels, value);
          },
          () => metric.reset(),
        ),
    });
  };

  /** One sample per state, zeros included, so every series exists from the first scrape. */
  const perState = <S extends string>(states: readonly S[], counts: Map<S, number>) =>
    states.map((state): TSample<'state'> => [{ state }, counts.get(state) ?? 0]);
  const tally = <S extends string>(items: Array<{ state: S; count: number }>) => {
    const counts = new Map<S, number>();
    for (const { state, count } of items) counts.set(state, (counts.get(state) ?? 0) + count);
    return counts;
  };

  /** Every kind registered here (at 0 while it has no jobs) and every kind that has jobs. */
  const readQueue = cached(async () => {
    const stats = new Map((await queueStats(ctx.db)).map((kind) => [kind.name, kind]));
    const idle = { due: 0, scheduled: 0, running: 0, failed: 0, oldest_due_seconds: 0 };
    return [...new Set([...ctx.worker.kinds(), ...stats.keys()])]
      .sort()
      .map((name) => stats.get(name) ?? { name, ...idle });
  }, keepMs);
  gauge(
    'printomat_jobs',
    'Background jobs per kind: due (waiting for a worker), scheduled, running, failed',
    ['kind', 'state'] as const,
    async () =>
      (await readQueue()).flatMap((kind) =>
        (['due', 'scheduled', 'running', 'failed'] as const).map(
          (state): TSample<'kind' | 'state'> => [{ kind: kind.name, state }, kind[state]],
        ),
      ),
  );
  gauge(
    'printomat_job_queue_oldest_age_seconds',
    'How long the oldest due job of each kind has been waiting for a worker (0: none due)',
    ['kind'] as const,
    async () => (await readQueue()).map((kind) => [{ kind: kind.name }, kind.oldest_due_seconds]),
  );
  const readPrinters = cached(() => listPrintersInService(ctx.db), keepMs);
  const readPrintjobs = cached(() => countPrintjobsByStatus(ctx.db), keepMs);
  const readPayments = cached(() => countPaymentsByStatus(ctx.db), keepMs);
  const readPagesCharged = cached(() => sumChargedPages(ctx.db), keepMs);
  gauge(
    'printomat_printers',
    'Printers in service by state: online, waiting (door open), error, offline, maintenance, disabled',
    ['state'] as const,
    async () => {
      const now = ctx.now();
      const printers = await readPrinters();
      return perState(
        PRINTER_STATES,
        tally(printers.map((p) => ({ state: printerState(availabilityOf(p, now)), count: 1 }))),
      );
    },
  );
  gauge(
    'printomat_print_jobs',
    'Print jobs in the database by status: created (being edited), scheduled (at a printer), printed, failed (a gauge: deleting an account removes its jobs)',
    ['state'] as const,
    async () =>
      perState(
        PRINTJOB_STATES,
        tally(
          (await readPrintjobs()).map(({ status, count }) => ({
            state: printjobState(status),
            count,
          })),
        ),
      ),
  );
  gauge(
    'printomat_payments',
    'Payments (package purchases, express orders) by state',
    ['state'] as const,
    async () =>
      perState(
        PAYMENT_STATES,
        tally(
          (await readPayments()).map(({ status, count }) => ({
            state: status,
            count,
          })),
        ),
      ),
  );
  const pagesCharged: Counter = new Counter({
    name: 'printomat_pages_charged_total',
    help: 'Pages charged to people since the start (posted reservations of the pages ledger)',
    registers,
    collect: () =>
      collecting(
        'printomat_pages_charged_total',
        async () => {
          const pages = await readPagesCharged();
          pagesCharged.reset();
          pagesCharged.inc(pages);
        },
        // The last value stays: a counter dropping to nothing would read as a reset.
        () => undefined,
      ),
  });
  const failures = new Counter({
    name: 'printomat_metrics_collect_failures_total',
    help: 'Scrapes in which a metric read from the database could not be read',
    labelNames: ['metric'] as const,
    registers,
    async collect() {
      const waiting = thisScrape();
      scrape = undefined;
      await Promise.all(waiting);
    },
  });
}
