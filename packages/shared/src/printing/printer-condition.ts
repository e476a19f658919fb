/**
 * What a printer's own state (as its agent reports it over IPP) means for printing, one rule for
 * the server (the map, releases) and the agent (jobs already queued there):
 *
 * - `error`: it cannot print until someone fixes it: the device does not answer, it is out of
 *   paper, jammed, out of toner or ink, or stopped for another reason. Releases are refused and
 *   a job waiting there fails (and is given back) within a minute.
 * - `waiting`: a door or cover is open. Closing it is all it takes, so releases are taken and a
 *   waiting job waits (up to the agent's job time limit).
 * - `ready`: idle or printing.
 *
 * Reason keywords count whatever their suffix (-error, -warning, -report): printers use the
 * suffixes differently (ippeveprinter, for one, suffixes by its printer-state, so an idle printer
 * without paper says `media-empty-report`).
 */
export type TPrinterCondition =
  | { kind: 'ready' }
  | { kind: 'waiting'; problem: 'door_open' }
  | {
      kind: 'error';
      problem:
        'printer_unreachable' | 'out_of_paper' | 'paper_jam' | 'out_of_toner' | 'printer_error';
    };

export type TPrinterProblem = Exclude<TPrinterCondition, { kind: 'ready' }>['problem'];

/** What the condition depends on: the state and reasons of the agent's status report. */
export interface TPrinterStateReport {
  state: 'idle' | 'processing' | 'stopped' | 'unreachable';
  reasons: readonly string[];
}

const ERROR_REASONS: ReadonlyArray<[RegExp, 'out_of_paper' | 'paper_jam' | 'out_of_toner']> = [
  // media-needed: the printer asks for paper to be loaded; at a self-service kiosk nobody does.
  [/^media-(empty|needed)/, 'out_of_paper'],
  [/^media-jam/, 'paper_jam'],
  [/^(toner-empty|marker-supply-empty|marker-ink-empty)/, 'out_of_toner'],
];
const WAITING_REASONS = /^(door-open|cover-open|interlock-open)/;

export function printerCondition(report: TPrinterStateReport): TPrinterCondition {
  if (report.state === 'unreachable') return { kind: 'error', problem: 'printer_unreachable' };
  for (const [pattern, problem] of ERROR_REASONS)
    if (report.reasons.some((r) => pattern.test(r))) return { kind: 'error', problem };
  if (report.reasons.some((r) => WAITING_REASONS.test(r)))
    return { kind: 'waiting', problem: 'door_open' };
  if (report.state === 'stopped') return { kind: 'error', problem: 'printer_error' };
  return { kind: 'ready' };
}
