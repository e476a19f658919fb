import { KsefAuthFailed, KsefUnavailable } from './ksef-client';

// One call to the KSeF 2.0 API with its error rules: network trouble, 429 and 5xx mean "try
// again later" (KsefUnavailable, with Retry-After); 401 means the access token is no good
// (the caller signs in again once); 403 means the token lacks a permission (KsefAuthFailed);
// any other 4xx is KSeF refusing the request, with the exception codes and descriptions it
// gave (KsefApiError).

/** A KSeF call must not hold a job forever. */
const REQUEST_TIMEOUT_MS = 30_000;
/** KSeF's Retry-After is honoured up to this (longer blocks are waited out by the job backoff). */
const MAX_RETRY_AFTER_SECONDS = 3_600;

/** KSeF refused the request (HTTP 4xx other than 401/429): `reason` lists its codes. */
export class KsefApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly codes: number[],
  ) {
    super(`KSeF answered ${status}: ${reason}`);
    this.name = 'KsefApiError';
  }
}

/** HTTP 401: the bearer token is missing, expired or of the wrong kind. */
export class KsefUnauthorized extends Error {
  constructor(what: string) {
    super(`KSeF answered 401 to ${what}`);
    this.name = 'KsefUnauthorized';
  }
}

export interface TKsefRequest {
  method: 'GET' | 'POST';
  path: string;
  bearer?: string;
  body?: unknown;
  accept?: 'json' | 'xml';
}

export type TFetch = typeof fetch;

/** Retry-After as seconds: an integer or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const seconds = /^\d+$/.test(trimmed)
    ? Number(trimmed)
    : Math.ceil((Date.parse(trimmed) - now) / 1000);
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER_SECONDS);
}

interface TExceptionBody {
  exception?: {
    exceptionDetailList?: {
      exceptionCode?: number;
      exceptionDescription?: string | null;
      details?: string[] | null;
    }[];
  };
  status?: { code?: number; description?: string; details?: string[] | null };
}

/** The codes and descriptions of an ExceptionResponse (or a status body), for people. */
export function describeProblem(body: unknown): { reason: string; codes: number[] } {
  const b = (body ?? {}) as TExceptionBody;
  const list = b.exception?.exceptionDetailList ?? [];
  if (list.length > 0)
    return {
      reason: list
        .map((d) =>
          [`${d.exceptionCode ?? '?'} ${d.exceptionDescription ?? ''}`.trim(), ...(d.details ?? [])]
            .filter(Boolean)
            .join(': '),
        )
        .join('; '),
      codes: list.flatMap((d) => (typeof d.exceptionCode === 'number' ? [d.exceptionCode] : [])),
    };
  if (b.status)
    return {
      reason: [
        `${b.status.code ?? '?'} ${b.status.description ?? ''}`.trim(),
        ...(b.status.details ?? []),
      ].join(': '),
      codes: typeof b.status.code === 'number' ? [b.status.code] : [],
    };
  return { reason: 'no details given', codes: [] };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 500);
  }
}

/** Sends one request; the answer when it is 2xx, otherwise one of the errors above. */
export async function ksefRequest(
  fetchImpl: TFetch,
  apiUrl: string,
  request: TKsefRequest,
): Promise<Response> {
  const what = `${request.method} ${request.path}`;
  const headers: Record<string, string> = {
    accept: request.accept === 'xml' ? 'application/xml' : 'application/json',
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
  let response: Response;
  try {
    response = await fetchImpl(`${apiUrl.replace(/\/+$/, '')}${request.path}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new KsefUnavailable(
      `KSeF could not be reached (${what}): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (response.ok) return response;
  const body = await readBody(response);
  if (response.status === 429 || response.status >= 500) {
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    const { reason } = describeProblem(body);
    throw new KsefUnavailable(`KSeF answered ${response.status} to ${what}: ${reason}`, retryAfter);
  }
  if (response.status === 401) throw new KsefUnauthorized(what);
  if (response.status === 403)
    throw new KsefAuthFailed(
      `KSeF answered 403 to ${what}: the KSeF token lacks the permission (InvoiceWrite)`,
    );
  const { reason, codes } = describeProblem(body);
  throw new KsefApiError(response.status, `${what}: ${reason}`, codes);
}

/** A JSON answer (KSeF's shapes are read defensively: fields may be missing or null). */
export async function ksefJson<T>(
  fetchImpl: TFetch,
  apiUrl: string,
  request: TKsefRequest,
): Promise<T> {
  const response = await ksefRequest(fetchImpl, apiUrl, request);
  const body = await readBody(response);
  if (body === undefined || typeof body !== 'object')
    throw new KsefUnavailable(`KSeF answered ${request.method} ${request.path} without JSON`);
  return body as T;
}
