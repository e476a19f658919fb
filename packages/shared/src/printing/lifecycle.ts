import type { TPrintjobStatus } from '../schemas/printing';

/** What can happen to a print job (spec section 4). */
export type TPrintjobEvent =
  | 'schedule' // released to a printer (the person, or an admin's "print")
  | 'mark_printed' // the printer (or an admin) says it printed
  | 'mark_failed' // the printer (or an admin) says it failed
  | 'reset' // an admin sends a failed job back to editable
  | 'cancel' // the owner takes a released job back from its printer before it started printing
  | 'archive'; // a finished job leaves the person's screen

/** Named refusals; each maps to a spec section 8 message under `printjobs.errors.`. */
export type TTransitionError = 'not_created' | 'not_failed' | 'archived' | 'invalid_state';

export type TTransition =
  | { ok: true; from: TPrintjobStatus; to: TPrintjobStatus }
  | { ok: false; from: TPrintjobStatus; error: TTransitionError };

const refuse = (from: TPrintjobStatus, error: TTransitionError): TTransition => ({
  ok: false,
  from,
  error,
});
const move = (from: TPrintjobStatus, to: TPrintjobStatus): TTransition => ({ ok: true, from, to });

/**
 * The one place that decides print job state changes:
 * created → scheduled → printed / failed → archived; reset only from failed, never from archived;
 * cancel takes a scheduled job back to created (whether printing started is the caller's check).
 */
export function transitionPrintjob(from: TPrintjobStatus, event: TPrintjobEvent): TTransition {
  switch (event) {
    case 'schedule':
      return from === 'created' ? move(from, 'scheduled') : refuse(from, 'not_created');
    case 'mark_printed':
      return from === 'scheduled' || from === 'failed'
        ? move(from, 'printed')
        : refuse(from, 'invalid_state');
    case 'mark_failed':
      return from === 'scheduled' ? move(from, 'failed') : refuse(from, 'invalid_state');
    case 'reset':
      if (from === 'archived') return refuse(from, 'archived');
      return from === 'failed' ? move(from, 'created') : refuse(from, 'not_failed');
    case 'cancel':
      return from === 'scheduled' ? move(from, 'created') : refuse(from, 'invalid_state');
    case 'archive':
      return from === 'printed' || from === 'failed'
        ? move(from, 'archived')
        : refuse(from, 'invalid_state');
  }
}
