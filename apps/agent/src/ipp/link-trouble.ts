import { PrinterCertificateChangedError } from './certificate-pins.js';
import { PrinterAuthError } from './transport.js';

/**
 * Trouble on the way to the printer that no waiting cures: its TLS certificate is not the pinned
 * one, or it wants credentials the agent does not have (or refuses them). An operator must act,
 * so the status report says which (a printer-state-reason of our own, which the admin printer
 * page lists) and jobs fail at once with a short reason.
 */
export interface TLinkTrouble {
  /** printer-state-reasons keyword reported with state `unreachable`. */
  reason: 'printomat-certificate-changed' | 'printomat-authentication-failed';
  /** For a job's failure reason (short: the report allows 500 characters). */
  summary: string;
  /** For the log: what happened and what to do. */
  detail: string;
}

export function linkTrouble(err: unknown): TLinkTrouble | null {
  if (err instanceof PrinterCertificateChangedError)
    return {
      reason: 'printomat-certificate-changed',
      summary: "printer refused: its TLS certificate is not the pinned one (see the agent's log)",
      detail: err.message,
    };
  if (err instanceof PrinterAuthError)
    return {
      reason: 'printomat-authentication-failed',
      summary: `printer login failed: ${err.message}`.slice(0, 300),
      detail: err.message,
    };
  return null;
}
