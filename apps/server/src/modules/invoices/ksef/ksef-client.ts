// Sending invoices to KSeF (issue 15 point 6), behind an adapter like the payment providers: the
// built-in sandbox (default: accepts every invoice and numbers it like KSeF does) and a client of
// the KSeF 2.0 API (ksef-api-client.ts; tests run it against a local fake of that API).

export interface TKsefSubmission {
  /** Our invoice number (logs). */
  invoiceNumber: string;
  /** The FA(3) XML exactly as issued (UTF-8). */
  xml: string;
  /**
   * Called once KSeF has taken the invoice (its references known), before asking about it:
   * the caller stores the references, so that whatever happens next (a failed question, a
   * crash) the invoice is only asked about, never sent again.
   */
  onSent?: (references: { sessionReference: string; invoiceReference: string }) => Promise<void>;
}

/**
 * What KSeF said. `accepted`: numbered, with the UPO; `processing`: received, ask again later
 * with `status` (the references say where); `rejected`: refused for good (the reason kept for
 * admins). A network failure or KSeF being down throws `KsefUnavailable` (the job retries).
 * KSeF answering "duplicate" (440: it already has this invoice, sent before by a try whose
 * answer was lost) is `accepted` with the original KSeF number, and a `note` saying so.
 */
export type TKsefResult =
  | {
      outcome: 'accepted';
      sessionReference: string;
      invoiceReference: string;
      ksefNumber: string;
      /** The official confirmation of receipt (UPO), XML; null when KSeF did not give it. */
      upo: string | null;
      /** For admins, when the acceptance is out of the ordinary (a duplicate's original). */
      note?: string;
    }
  | { outcome: 'processing'; sessionReference: string; invoiceReference: string }
  | {
      outcome: 'rejected';
      sessionReference: string | null;
      invoiceReference: string | null;
      reason: string;
    };

export interface TKsefClient {
  readonly name: 'sandbox' | 'api';
  /** Sends one invoice (opens and closes its own session). */
  send(submission: TKsefSubmission): Promise<TKsefResult>;
  /**
   * Asks again about an invoice answered `processing`. Throws `KsefSubmissionUnknown` when KSeF
   * does not know the references (nothing to ask about: the invoice must be sent again).
   */
  status(sessionReference: string, invoiceReference: string): Promise<TKsefResult>;
}

/** KSeF could not be reached or answered 5xx/429: try again later. */
export class KsefUnavailable extends Error {
  constructor(
    message: string,
    /** Seconds KSeF asked us to wait (Retry-After), if it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'KsefUnavailable';
  }
}

/**
 * KSeF refused us, not the invoice: the token is wrong, revoked or lacks the InvoiceWrite
 * permission (authentication status 4xx, HTTP 401 after a fresh sign-in, 403). Retrying does not
 * help until KSEF_TOKEN is fixed; the invoice fails at once and an admin sends it again.
 */
export class KsefAuthFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KsefAuthFailed';
  }
}

/** KSeF does not know the session or the invoice reference it is asked about. */
export class KsefSubmissionUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KsefSubmissionUnknown';
  }
}
