import type { TDb } from '../../db/database';
import type { TPrinterIncidentsTable } from '../../db/schema';
import type { TIncidentKind } from './printer-incident-rules';
import type { Selectable } from 'kysely';

export type TIncidentRow = Selectable<TPrinterIncidentsTable>;

/**
 * Opens the printer's incident of this kind unless one is open: the partial unique index makes
 * this hold across server instances. Returns the incident when this call opened it.
 */
export function openIncident(
  db: TDb,
  values: { printerId: number; kind: TIncidentKind; problem: string | null; at: Date },
): Promise<TIncidentRow | undefined> {
  return db
    .insertInto('printer_incidents')
    .values({
      printer_id: values.printerId,
      kind: values.kind,
      problem: values.problem,
      started_at: values.at,
    })
    .onConflict((oc) =>
      oc.columns(['printer_id', 'kind']).where('ended_at', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Ends the open incidents of these kinds; returns those this call ended. */
export async function endIncidents(
  db: TDb,
  printerId: number,
  kinds: readonly TIncidentKind[],
  at: Date,
): Promise<TIncidentRow[]> {
  if (kinds.length === 0) return [];
  return db
    .updateTable('printer_incidents')
    .set({ ended_at: at })
    .where('printer_id', '=', printerId)
    .where('kind', 'in', kinds)
    .where('ended_at', 'is', null)
    .returningAll()
    .execute();
}

export function listOpenIncidentKinds(db: TDb, printerId: number): Promise<TIncidentKind[]> {
  return db
    .selectFrom('printer_incidents')
    .select('kind')
    .where('printer_id', '=', printerId)
    .where('ended_at', 'is', null)
    .execute()
    .then((rows) => rows.map((r) => r.kind));
}

/** Every open incident, oldest first (the admin index). */
export function listOpenIncidents(db: TDb): Promise<TIncidentRow[]> {
  return db
    .selectFrom('printer_incidents')
    .selectAll()
    .where('ended_at', 'is', null)
    .orderBy('started_at')
    .orderBy('id')
    .execute();
}

/**
 * Printers whose agent was heard from before `silentSince` and that have no open offline
 * incident: enabled, not in maintenance, and with an agent that connected at least once.
 */
export function listNewlySilentPrinters(
  db: TDb,
  silentSince: Date,
): Promise<Array<{ id: number }>> {
  return (
    db
      .selectFrom('printers')
      .select('printers.id')
      .where('printers.is_enabled', '=', true)
      .where('printers.maintenance_mode', '=', false)
      .where('printers.decommissioned_at', 'is', null)
      // A printer whose agent was removed is not waited for.
      .where('printers.minion_id', 'is not', null)
      .where('printers.agent_last_seen_at', '<', silentSince)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('printer_incidents as i')
              .select('i.id')
              .whereRef('i.printer_id', '=', 'printers.id')
              .where('i.kind', '=', 'offline')
              .where('i.ended_at', 'is', null),
          ),
        ),
      )
      .execute()
  );
}

/**
 * Opens the printer's offline incident, dated from when its agent was last heard from, if it is
 * still silent as the row is written (it may have reported since the printer was listed).
 */
export function openOfflineIncident(
  db: TDb,
  printerId: number,
  silentSince: Date,
): Promise<TIncidentRow | undefined> {
  return db
    .insertInto('printer_incidents')
    .columns(['printer_id', 'kind', 'started_at'])
    .expression((eb) =>
      eb
        .selectFrom('printers')
        .select((s) => [
          'printers.id',
          s.val('offline').as('kind'),
          s.fn.coalesce('printers.agent_last_seen_at', s.val(silentSince)).as('started_at'),
        ])
        .where('printers.id', '=', printerId)
        .where('printers.agent_last_seen_at', '<', silentSince),
    )
    .onConflict((oc) =>
      oc.columns(['printer_id', 'kind']).where('ended_at', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Printers with an open offline incident whose agent was heard from since `seenSince`. */
export function listOfflineButSeenPrinters(
  db: TDb,
  seenSince: Date,
): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('printer_incidents as i')
    .innerJoin('printers', 'printers.id', 'i.printer_id')
    .select('printers.id')
    .where('i.kind', '=', 'offline')
    .where('i.ended_at', 'is', null)
    .where('printers.agent_last_seen_at', '>=', seenSince)
    .execute();
}

/**
 * Marks the incident's start (or end) as told; true for the one caller that did, so a job run
 * again after a crash, or on another instance, tells nobody twice.
 */
export async function claimNotification(
  db: TDb,
  incidentId: number,
  which: 'opened' | 'recovered',
  at: Date,
): Promise<boolean> {
  const column = which === 'opened' ? 'notified_at' : 'recovered_notified_at';
  const row = await db
    .updateTable('printer_incidents')
    .set({ [column]: at })
    .where('id', '=', incidentId)
    .where(column, 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function findIncident(db: TDb, id: number): Promise<TIncidentRow | undefined> {
  return db.selectFrom('printer_incidents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the messages name: the printer, where it stands, its contact and its city's clock. */
export function findPrinterForAlert(db: TDb, printerId: number) {
  return db
    .selectFrom('printers')
    .innerJoin('cities', 'cities.id', 'printers.city_id')
    .select([
      'printers.id',
      'printers.name',
      'printers.full_name',
      'printers.country',
      'printers.street',
      'printers.house_number',
      'printers.postcode',
      'printers.contact_email',
      'cities.name as city_name',
      'cities.timezone',
    ])
    .where('printers.id', '=', printerId)
    .executeTakeFirst();
}

/**
 * The admins (users with role admin), each told in their own language. Read here rather than
 * through the users module: it is one narrow query the alerts alone need.
 */
export function listAdminRecipients(db: TDb) {
  return db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .execute();
}
