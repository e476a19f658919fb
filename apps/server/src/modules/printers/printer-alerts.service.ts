import type { TAgentPrinterStatus, TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { enqueueJob } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { printerAlertMail } from '../mail/mail.templates';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import {
  PRINTER_ALERT_CHECK_JOB_NAME,
  PRINTER_ALERT_JOB,
  PRINTER_ALERT_WEBHOOK_JOB,
} from './printer-alert-jobs';
import { deliverAlertWebhook } from './printer-alert-webhook';
import {
  claimNotification,
  endIncidents,
  findIncident,
  findPrinterForAlert,
  listAdminRecipients,
  listNewlySilentPrinters,
  listOfflineButSeenPrinters,
  listOpenIncidentKinds,
  openIncident,
  openOfflineIncident,
  type TIncidentRow,
} from './printer-alerts.repo';
import { decidedKinds, incidentsOfReport, type TIncidentKind } from './printer-incident-rules';
import { findPrinterById } from './printers.repo';
import { OFFLINE_AFTER_MS } from './printers.service';

// Printer alerts (issue 18 point 5; docs/ARCHITECTURE.md "Printer alerts"). An incident opens
// when a printer goes offline, into error, or low on paper or toner, and ends when that clears.
// Opening and ending are single statements guarded by the partial unique index, each queueing
// its notification in the same transaction; the notification claims its incident's
// notified_at / recovered_notified_at before queueing the mails, so every instance together
// tells each recipient once per incident start and once per end.

async function queueNotification(db: TDb, incident: TIncidentRow, event: 'opened' | 'recovered') {
  await enqueueJob(
    db,
    PRINTER_ALERT_JOB,
    { incidentId: incident.id, event },
    { uniqueKey: `printer-alert:${incident.id}:${event}` },
  );
}

async function open(
  db: TDb,
  printerId: number,
  kind: TIncidentKind,
  problem: string | null,
  at: Date,
): Promise<boolean> {
  const opened = await openIncident(db, { printerId, kind, problem, at });
  if (opened) await queueNotification(db, opened, 'opened');
  return opened !== undefined;
}

async function end(db: TDb, printerId: number, kinds: TIncidentKind[], at: Date) {
  const ended = await endIncidents(db, printerId, kinds, at);
  for (const incident of ended) await queueNotification(db, incident, 'recovered');
  return ended.length > 0;
}

/**
 * The agent was heard from (a hello or a heartbeat), with its printer's status when it sent one:
 * an offline incident ends; error and low incidents open and end as the status says. A printer
 * disabled or in maintenance opens no new incident (its admins know), but its open ones still end.
 * Most heartbeats change nothing and cost one read.
 */
export async function recordPrinterReport(
  ctx: TAppContext,
  printerId: number,
  status: TAgentPrinterStatus | undefined,
): Promise<void> {
  const openKinds = new Set(await listOpenIncidentKinds(ctx.db, printerId));
  const shown = status
    ? incidentsOfReport(status, ctx.config.alerts)
    : new Map<TIncidentKind, string | null>();
  const decided = status ? decidedKinds(status) : [];
  const toEnd: TIncidentKind[] = [
    ...(openKinds.has('offline') ? (['offline'] as const) : []),
    ...decided.filter((kind) => openKinds.has(kind) && !shown.has(kind)),
  ];
  const toOpen = [...shown].filter(([kind]) => !openKinds.has(kind));
  if (toEnd.length === 0 && toOpen.length === 0) return;
  const now = ctx.now();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    let any = await end(trx, printerId, toEnd, now);
    if (toOpen.length > 0) {
      const printer = await findPrinterById(trx, printerId);
      if (printer?.is_enabled && !printer.maintenance_mode && !printer.decommissioned_at)
        for (const [kind, problem] of toOpen)
          any = (await open(trx, printerId, kind, problem, now)) || any;
    }
    return any;
  });
  if (changed) ctx.worker.kick();
}

/**
 * Printers whose agent has been silent for longer than OFFLINE_AFTER_MS (the map shows them
 * offline from then on) get an offline incident, dated from when it was last heard from; a
 * printer heard from again whose incident is still open (a report missed) gets it ended.
 */
export async function checkSilentPrinters(
  ctx: TAppContext,
  options: { openNew: boolean } = { openNew: true },
): Promise<void> {
  const now = ctx.now();
  const silentSince = new Date(now.getTime() - OFFLINE_AFTER_MS);
  let changed = false;
  const silent = options.openNew ? await listNewlySilentPrinters(ctx.db, silentSince) : [];
  for (const printer of silent) {
    changed =
      (await ctx.db.transaction().execute(async (trx) => {
        const opened = await openOfflineIncident(trx, printer.id, silentSince);
        if (opened) await queueNotification(trx, opened, 'opened');
        return opened !== undefined;
      })) || changed;
  }
  for (const printer of await listOfflineButSeenPrinters(ctx.db, silentSince)) {
    changed =
      (await ctx.db.transaction().execute((trx) => end(trx, printer.id, ['offline'], now))) ||
      changed;
  }
  if (changed) ctx.worker.kick();
}

/** The recurring offline check: once per ALERT_CHECK_INTERVAL_SECONDS across all instances. */
function silenceCheckTask(ctx: TAppContext): TRecurringTask {
  return {
    name: PRINTER_ALERT_CHECK_JOB_NAME,
    everyMs: ctx.config.alerts.checkIntervalMs,
    run: ({ lastFinishedAt }) => runSilenceCheck(ctx, lastFinishedAt),
  };
}

async function runSilenceCheck(ctx: TAppContext, previous: Date | undefined): Promise<void> {
  // After the service was down (no check finished lately), every agent looks silent until it
  // has reconnected: this run only ends incidents, the next one (agents back by then) opens.
  const watching =
    previous !== undefined &&
    ctx.now().getTime() - previous.getTime() <=
      OFFLINE_AFTER_MS + ctx.config.alerts.checkIntervalMs;
  await checkSilentPrinters(ctx, { openNew: watching });
}

/** The contact is told in the language of the printer's country, else in English. */
function localeOfCountry(country: string): TLocale {
  if (country === 'PL') return 'pl';
  if (country === 'DE' || country === 'AT' || country === 'CH') return 'de';
  return 'en';
}

/**
 * Tells every admin (in their language), the printer's contact and the webhook that the incident
 * began or ended. The claim on the incident and the mails queued commit together, so a run again
 * after a crash, or on another instance, queues nothing twice. An end is told only after its
 * start was (its job waits for it: both are queued in order on the same lane).
 */
async function notifyIncident(
  ctx: TAppContext,
  incidentId: number,
  event: 'opened' | 'recovered',
): Promise<void> {
  const now = ctx.now();
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const incident = await findIncident(trx, incidentId);
    if (!incident) return false;
    if (event === 'recovered' && incident.notified_at === null)
      throw new Error(`incident ${incidentId}: its start is not told yet`);
    if (!(await claimNotification(trx, incidentId, event, now))) return false;
    const printer = await findPrinterForAlert(trx, incident.printer_id);
    if (!printer) return false;
    const address = `${printer.street} ${printer.house_number}, ${printer.postcode} ${printer.city_name}`;
    const adminLink = `${ctx.config.publicUrl}/admin/printers/${printer.id}`;
    const recipients = new Map<string, { locale: TLocale; recipient: 'admin' | 'contact' }>();
    for (const admin of await listAdminRecipients(trx))
      recipients.set(admin.email.toLowerCase(), { locale: admin.locale, recipient: 'admin' });
    const contact = printer.contact_email?.toLowerCase();
    if (contact && !recipients.has(contact))
      recipients.set(contact, { locale: localeOfCountry(printer.country), recipient: 'contact' });
    for (const [to, { locale, recipient }] of recipients) {
      const mail = printerAlertMail(locale, to, {
        event,
        kind: incident.kind,
        problem: incident.problem,
        printerName: printer.name,
        address,
        timeZone: printer.timezone,
        startedAt: incident.started_at,
        endedAt: incident.ended_at,
        recipient,
        adminLink,
      });
      await enqueueJob(trx, SEND_MAIL_JOB, mail, {
        uniqueKey: `printer-alert:${incident.id}:${event}:${to}`,
      });
    }
    if (ctx.config.alerts.webhook) {
      const body = JSON.stringify({
        type: `printer.incident.${event}`,
        incident: {
          id: incident.id,
          kind: incident.kind,
          problem: incident.problem,
          started_at: incident.started_at.toISOString(),
          ended_at: incident.ended_at?.toISOString() ?? null,
        },
        printer: {
          id: printer.id,
          name: printer.name,
          full_name: printer.full_name,
          address,
          country: printer.country,
        },
        admin_url: adminLink,
      });
      await enqueueJob(
        trx,
        PRINTER_ALERT_WEBHOOK_JOB,
        { body },
        { uniqueKey: `printer-alert-webhook:${incident.id}:${event}` },
      );
    }
    return true;
  });
  if (queued) ctx.worker.kick();
}

/** The alerts' background work (safe to call again: registrations replace each other). */
export function registerPrinterAlertWork(ctx: TAppContext): void {
  ctx.worker.register(PRINTER_ALERT_JOB, ({ incidentId, event }) =>
    notifyIncident(ctx, incidentId, event),
  );
  ctx.worker.register(PRINTER_ALERT_WEBHOOK_JOB, async ({ body }) => {
    const webhook = ctx.config.alerts.webhook;
    // Queued while a webhook was configured; without one now there is nowhere to deliver.
    if (webhook) await deliverAlertWebhook(webhook, body, ctx.now());
  });
  registerRecurringTask(ctx, silenceCheckTask(ctx));
}

/** Starts the recurring offline check (the server's start; every instance may call it). */
export function startPrinterAlertChecks(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, silenceCheckTask(ctx));
}
