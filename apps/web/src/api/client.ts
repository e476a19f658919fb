import type { ZodType } from 'zod';

/** The answer of every failed request: `{ message, code, errors? }`, already in the person's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What to tell the person about a failed request: the server's message (already in their
 * language) of an `ApiError`, else `fallback` (a translated text). Anything else (a bug, a
 * schema mismatch, a browser error) carries developer English and is never shown.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A mutation's error as a form shows it: anything not from the API is "unexpected". */
export function asApiError(error: unknown): ApiError | null {
  if (!error) return null;
  return error instanceof ApiError ? error : new ApiError(0, 'unexpected', '');
}

export type THttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The shared zod schema of an answer (packages/shared). Pass it only in development and tests,
 * from an `import.meta.env.DEV ? { …schemas } : null` constant in the API file: a production
 * build replaces `DEV` by `false`, drops the branch and so the schemas and zod (which the landing
 * page's entry chunk must not carry). A helper function taking the schemas would not do: the
 * bundler keeps what a call's arguments name. Vitest runs with `DEV` true: tests check answers.
 */
export type TResponseSchema<T> = ZodType<T>;

export type TRequestOptions<T = unknown> = {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (method-override links). */
  form?: URLSearchParams;
  signal?: AbortSignal;
  /** Checks a successful answer against it; a mismatch throws `ApiResponseMismatch`. */
  schema?: TResponseSchema<T> | undefined;
  /**
   * The browser cache's part: polls say 'no-cache' (asked again every time, with the ETag the
   * browser holds, so an unchanged answer comes back as a body-less 304). Never 'no-store' on
   * them: that would throw the validator away.
   */
  cache?: RequestCache;
};

/** An answer that does not have the shape the shared schema promises: a bug, never shown to people. */
export class ApiResponseMismatch extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: readonly string[],
  ) {
    super(`${endpoint}: the answer does not match its schema: ${issues.join('; ')}`);
    this.name = 'ApiResponseMismatch';
  }
}

/**
 * Checks an answer against its schema and returns it unchanged (not zod's output), so that a
 * checked answer is exactly what production, which does not check, would see.
 */
export function checkResponse<T>(
  endpoint: string,
  schema: TResponseSchema<T> | undefined,
  data: unknown,
): T {
  // The DEV test as well: a schema passed by mistake in production is still not parsed.
  if (schema === undefined || !import.meta.env.DEV) return data as T;
  const result = schema.safeParse(data);
  if (result.success) return data as T;
  throw new ApiResponseMismatch(
    endpoint,
    result.error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
    ),
  );
}

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';

let csrfFallback: string | null = null;

/** `GET /api/session` also returns the token; used only when the cookie cannot be read. */
export function setCsrfFallback(token: string | null): void {
  csrfFallback = token;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

/** Read at call time: the server rotates the token when the session changes (sign-in, sign-out). */
export function currentCsrfToken(): string | null {
  return readCookie(CSRF_COOKIE) || csrfFallback;
}

function isSafeMethod(method: THttpMethod): boolean {
  return method === 'GET' || method === 'HEAD';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFieldErrors(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      out[field] = messages.filter((m): m is string => typeof m === 'string');
    } else if (typeof messages === 'string') {
      out[field] = [messages];
    }
  }
  return out;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    const text = await response.text();
    return text === '' ? undefined : text;
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Same-origin JSON request. Resolves with the parsed answer, rejects with `ApiError`.
 * An error without a server message (network down, proxy HTML page) has `message === ''`,
 * so the UI shows its own translated fallback.
 */
export async function apiRequest<T>(
  method: THttpMethod,
  path: string,
  options: TRequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = options.form.toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (!isSafeMethod(method)) {
    const token = currentCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
      ...(options.cache === undefined ? {} : { cache: options.cache }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', '');
  }

  const data = await readBody(response);
  if (response.ok) return checkResponse(`${method} ${path}`, options.schema, data);

  if (isRecord(data)) {
    throw new ApiError(
      response.status,
      typeof data.code === 'string' ? data.code : 'http_error',
      typeof data.message === 'string' ? data.message : '',
      toFieldErrors(data.errors),
    );
  }
  throw new ApiError(response.status, 'http_error', '');
}

type TCallOptions<T> = Omit<TRequestOptions<T>, 'json' | 'form'>;

export const api = {
  get: <T>(path: string, options?: TCallOptions<T>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, json?: unknown, options?: TCallOptions<T>) =>
    apiRequest<T>('POST', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: TCallOptions<T>) =>
    apiRequest<T>('PUT', path, { ...options, json }),
  patch: <T>(path: string, json?: unknown, options?: TCallOptions<T>) =>
    apiRequest<T>('PATCH', path, { ...options, json }),
  delete: <T>(path: string, options?: TCallOptions<T>) => apiRequest<T>('DELETE', path, options),
};
