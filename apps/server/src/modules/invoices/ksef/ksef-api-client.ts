import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { KsefAuth } from './ksef-auth';
import {
  KsefAuthFailed,
  KsefSubmissionUnknown,
  type TKsefClient,
  type TKsefResult,
  type TKsefSubmission,
} from './ksef-client';
import { aesCbcEncrypt, rsaOaepEncrypt, sha256Base64 } from './ksef-crypto';
import {
  KsefApiError,
  KsefUnauthorized,
  ksefJson,
  ksefRequest,
  type TFetch,
  type TKsefRequest,
} from './ksef-http';

// A client of the KSeF 2.0 API (KSEF_MODE=api), written from the Ministry of Finance's OpenAPI
// and docs (CIRFMF/ksef-docs) and checked only against the local fake in
// test/helpers/fake-ksef.ts (docs/ksef.md says what was not verified against the real KSeF).
// One invoice = one online session: open (FA (3) / 1-0E), send the encrypted invoice, ask for
// its status a few times, close. An invoice still being processed is asked about later
// (`status`), from the job.

/** KSeF status codes of an invoice that is still being worked on. */
const PROCESSING_CODES = new Set([100, 150]);
/** KSeF's code of a UPO not generated yet. */
const UPO_NOT_READY = 21178;
/** KSeF's status of a duplicate: it already has an invoice with this seller, type and number. */
const DUPLICATE = 440;

export interface TKsefApiOptions {
  apiUrl: string;
  token: string;
  sellerNip: string;
  fetch?: TFetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Waits before each status question right after sending; then the invoice is 'processing'. */
  statusPollDelaysMs?: number[];
  authPollDelaysMs?: number[];
}

interface TInvoiceStatus {
  ksefNumber?: string | null;
  referenceNumber?: string;
  status: {
    code: number;
    description?: string | null;
    details?: string[] | null;
    extensions?: Record<string, string> | null;
  };
}

export function createKsefApiClient(options: TKsefApiOptions): TKsefClient {
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const statusDelays = options.statusPollDelaysMs ?? [200, 500, 1_000, 2_000];
  const auth = new KsefAuth({
    fetch: fetchImpl,
    apiUrl: options.apiUrl,
    token: options.token,
    sellerNip: options.sellerNip,
    now: options.now ?? (() => new Date()),
    sleep,
    authPollDelaysMs: options.authPollDelaysMs ?? [500, 1_000, 2_000, 2_000, 2_000, 2_000],
  });

  /** A call with the access token; on 401 signs in again once. */
  async function withAccess<T>(call: (bearer: string) => Promise<T>): Promise<T> {
    try {
      return await call(await auth.accessToken());
    } catch (err) {
      if (!(err instanceof KsefUnauthorized)) throw err;
      auth.forgetTokens();
    }
    try {
      return await call(await auth.accessToken());
    } catch (err) {
      if (err instanceof KsefUnauthorized)
        throw new KsefAuthFailed(`${err.message} even after signing in again`);
      throw err;
    }
  }

  const json = <T>(request: TKsefRequest) =>
    withAccess((bearer) => ksefJson<T>(fetchImpl, options.apiUrl, { ...request, bearer }));

  async function openSession(key: Buffer, iv: Buffer): Promise<string> {
    const certificate = await auth.certificate('SymmetricKeyEncryption');
    try {
      const session = await json<{ referenceNumber: string }>({
        method: 'POST',
        path: '/sessions/online',
        body: {
          formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
          encryption: {
            encryptedSymmetricKey: rsaOaepEncrypt(certificate, key),
            initializationVector: iv.toString('base64'),
          },
        },
      });
      return session.referenceNumber;
    } catch (err) {
      if (err instanceof KsefApiError) auth.forgetCertificates();
      throw err;
    }
  }

  async function closeSession(sessionReference: string): Promise<void> {
    // The invoice's status and UPO do not need the session closed; a session left open ends by
    // itself (12 h), so a failure here changes nothing for the invoice.
    await withAccess((bearer) =>
      ksefRequest(fetchImpl, options.apiUrl, {
        method: 'POST',
        path: `/sessions/online/${encodeURIComponent(sessionReference)}/close`,
        bearer,
      }),
    ).catch(() => undefined);
  }

  async function upoOf(sessionReference: string, invoiceReference: string): Promise<string | null> {
    try {
      const response = await withAccess((bearer) =>
        ksefRequest(fetchImpl, options.apiUrl, {
          method: 'GET',
          path: `/sessions/${encodeURIComponent(sessionReference)}/invoices/${encodeURIComponent(invoiceReference)}/upo`,
          bearer,
          accept: 'xml',
        }),
      );
      return await response.text();
    } catch (err) {
      if (err instanceof KsefApiError && err.codes.includes(UPO_NOT_READY)) return null;
      throw err;
    }
  }

  /** The UPO of an invoice KSeF numbered in another session, or null when it does not give it. */
  async function upoByKsefNumber(
    sessionReference: string,
    ksefNumber: string,
  ): Promise<string | null> {
    try {
      const response = await withAccess((bearer) =>
        ksefRequest(fetchImpl, options.apiUrl, {
          method: 'GET',
          path: `/sessions/${encodeURIComponent(sessionReference)}/invoices/ksef/${encodeURIComponent(ksefNumber)}/upo`,
          bearer,
          accept: 'xml',
        }),
      );
      return await response.text();
    } catch {
      // The KSeF number is what matters; the original's UPO stays with its own session.
      return null;
    }
  }

  /**
   * A duplicate (440) names the original (extensions originalKsefNumber and
   * originalSessionReferenceNumber): an earlier try of ours whose answer was lost. It is that
   * invoice, accepted with the original's number (and its UPO when KSeF gives it).
   */
  async function duplicateOf(
    sessionReference: string,
    invoiceReference: string,
    extensions: Record<string, string>,
  ): Promise<TKsefResult | null> {
    const ksefNumber = extensions.originalKsefNumber;
    if (!ksefNumber) return null;
    const originalSession = extensions.originalSessionReferenceNumber;
    const upo = originalSession ? await upoByKsefNumber(originalSession, ksefNumber) : null;
    return {
      outcome: 'accepted',
      sessionReference,
      invoiceReference,
      ksefNumber,
      upo,
      note:
        `KSeF already had this invoice (status 440, duplicate): the original KSeF number ${ksefNumber}` +
        (originalSession ? ` from session ${originalSession}` : '') +
        (upo ? ' was taken over with its UPO' : ' was taken over; KSeF gave no UPO for it'),
    };
  }

  async function status(sessionReference: string, invoiceReference: string): Promise<TKsefResult> {
    let answer: TInvoiceStatus;
    try {
      answer = await json<TInvoiceStatus>({
        method: 'GET',
        path: `/sessions/${encodeURIComponent(sessionReference)}/invoices/${encodeURIComponent(invoiceReference)}`,
      });
    } catch (err) {
      // KSeF refusing the question itself (4xx with exception codes, e.g. no such session or
      // invoice): there is nothing there to ask about.
      if (err instanceof KsefApiError) throw new KsefSubmissionUnknown(err.message);
      throw err;
    }
    const { code, description, details, extensions } = answer.status;
    const processing = { outcome: 'processing', sessionReference, invoiceReference } as const;
    if (PROCESSING_CODES.has(code)) return processing;
    if (code === DUPLICATE) {
      const original = await duplicateOf(sessionReference, invoiceReference, extensions ?? {});
      if (original) return original;
    }
    if (code === 200 && answer.ksefNumber) {
      const upo = await upoOf(sessionReference, invoiceReference);
      if (upo === null) return processing;
      return {
        outcome: 'accepted',
        sessionReference,
        invoiceReference,
        ksefNumber: answer.ksefNumber,
        upo,
      };
    }
    const extra = Object.entries(extensions ?? {}).map(([k, v]) => `${k}=${v}`);
    return {
      outcome: 'rejected',
      sessionReference,
      invoiceReference,
      reason: [`${code} ${description ?? ''}`.trim(), ...(details ?? []), ...extra].join(': '),
    };
  }

  async function send(submission: TKsefSubmission): Promise<TKsefResult> {
    const key = randomBytes(32);
    const iv = randomBytes(16);
    let sessionReference: string;
    try {
      sessionReference = await openSession(key, iv);
    } catch (err) {
      if (err instanceof KsefApiError)
        return {
          outcome: 'rejected',
          sessionReference: null,
          invoiceReference: null,
          reason: err.reason,
        };
      throw err;
    }
    try {
      const plain = Buffer.from(submission.xml, 'utf8');
      const encrypted = aesCbcEncrypt(key, iv, plain);
      let invoiceReference: string;
      try {
        const sent = await json<{ referenceNumber: string }>({
          method: 'POST',
          path: `/sessions/online/${encodeURIComponent(sessionReference)}/invoices`,
          body: {
            invoiceHash: sha256Base64(plain),
            invoiceSize: plain.length,
            encryptedInvoiceHash: sha256Base64(encrypted),
            encryptedInvoiceSize: encrypted.length,
            encryptedInvoiceContent: encrypted.toString('base64'),
            offlineMode: false,
          },
        });
        invoiceReference = sent.referenceNumber;
      } catch (err) {
        if (err instanceof KsefApiError)
          return {
            outcome: 'rejected',
            sessionReference,
            invoiceReference: null,
            reason: err.reason,
          };
        throw err;
      }
      // KSeF has the invoice now. From here on nothing may throw: a failed question or a lost
      // UPO answers 'processing' with the references, so the next try only asks (sending it
      // again would be a duplicate). The caller stores the references first (onSent).
      const processing = { outcome: 'processing', sessionReference, invoiceReference } as const;
      try {
        await submission.onSent?.({ sessionReference, invoiceReference });
        let result: TKsefResult = processing;
        for (const wait of statusDelays) {
          await sleep(wait);
          result = await status(sessionReference, invoiceReference);
          if (result.outcome !== 'processing') break;
        }
        return result;
      } catch {
        return processing;
      }
    } finally {
      await closeSession(sessionReference);
    }
  }

  return { name: 'api', send, status };
}
