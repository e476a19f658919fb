import { printerCondition, type TAgentPrinterStatus } from '@printomat/shared';
import type { TPrinterIncidentsTable } from '../../db/schema';

export type TIncidentKind = TPrinterIncidentsTable['kind'];

/** The kinds a status report decides (offline is decided by silence, not by a report). */
export const REPORTED_KINDS = [
  'error',
  'paper_low',
  'toner_low',
] as const satisfies readonly TIncidentKind[];

export interface TLowThresholds {
  tonerLowPercent: number;
  paperLowPercent: number;
}

// Reason keywords count whatever their suffix (-report, -warning, -error), as in
// printer-condition.ts.
const PAPER_LOW_REASONS = /^media-low/;
const TONER_LOW_REASONS = /^(toner-low|marker-supply-low|marker-ink-almost-empty)/;
const TONER_SUPPLY = /toner|ink/i;
const WASTE_SUPPLY = /waste/i;
// A manual feed slot is empty between jobs by design: its level says nothing about paper.
const MANUAL_TRAY = /manual/i;

/**
 * The kinds a report can tell about: a device that does not answer says nothing of its paper or
 * toner, so its low incidents stay as they were (no false "recovered").
 */
export function decidedKinds(status: TAgentPrinterStatus): readonly TIncidentKind[] {
  return status.state === 'unreachable' ? ['error'] : REPORTED_KINDS;
}

/** A level is known when it is 0..100 (RFC 3805 uses negative sentinels for "unknown"). */
const lowAt = (level: number | undefined, threshold: number) =>
  level !== undefined && level >= 0 && level <= threshold;

/** A `key=value;...` field of an IPP printer-input-tray value as a number (NaN when absent). */
function trayField(tray: string, key: string): number {
  const field = tray.split(';').find((part) => part.trim().startsWith(`${key}=`));
  return field === undefined ? NaN : Number(field.slice(field.indexOf('=') + 1).trim());
}

/**
 * Whether an input tray (IPP printer-input-tray, PWG 5100.13:
 * `type=sheetFeedAutoRemovableTray;maxcapacity=250;level=25;name=main;`) holds paper at or below
 * the threshold. Negative levels (-1 other, -2 unknown, -3 some left) and trays without a level
 * (older agents send only the name) tell nothing; an empty tray is low whatever its capacity.
 */
function trayLow(tray: string, threshold: number): boolean {
  if (MANUAL_TRAY.test(tray.split(';').find((p) => p.trim().startsWith('type=')) ?? ''))
    return false;
  const level = trayField(tray, 'level');
  const capacity = trayField(tray, 'maxcapacity');
  if (!Number.isFinite(level) || level < 0) return false;
  if (level === 0) return true;
  return Number.isFinite(capacity) && capacity > 0 && (level / capacity) * 100 <= threshold;
}

/**
 * The incidents a status report shows, each with what exactly (an error's problem): the device
 * in error (printer-condition.ts), low on paper (the `media-low` reason, or an input tray filled at
 * or below the threshold; paper-like supplies such as wastePaper or paperWrap are not the paper
 * the printer prints on), low on toner or ink (the `-low` reasons, or a marker or toner/ink supply
 * level at or below the threshold; waste toner boxes do not count).
 */
export function incidentsOfReport(
  status: TAgentPrinterStatus,
  thresholds: TLowThresholds,
): Map<TIncidentKind, string | null> {
  const out = new Map<TIncidentKind, string | null>();
  const condition = printerCondition(status);
  if (condition.kind === 'error') out.set('error', condition.problem);
  const paperLow =
    status.reasons.some((r) => PAPER_LOW_REASONS.test(r)) ||
    status.inputTrays.some((tray) => trayLow(tray, thresholds.paperLowPercent));
  if (paperLow) out.set('paper_low', null);
  const tonerLow =
    status.reasons.some((r) => TONER_LOW_REASONS.test(r)) ||
    status.markers.some((m) => lowAt(m.level, thresholds.tonerLowPercent)) ||
    status.supplies.some(
      (s) =>
        TONER_SUPPLY.test(s.type ?? '') &&
        !WASTE_SUPPLY.test(s.type ?? '') &&
        lowAt(s.level, thresholds.tonerLowPercent),
    );
  if (tonerLow) out.set('toner_low', null);
  return out;
}
