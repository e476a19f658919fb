import {
  ZAjaxUser,
  ZDocument,
  ZPrintjob,
  type TAjaxUser,
  type TDocument,
  type TPrintAtPrinterInput,
  type TPrintjob,
  type TPrintWithCodeInput,
  type TSubmitInput,
  type ZPrintjobSettingsInput,
} from '@printomat/shared';
import type { z } from 'zod';
import {
  api,
  ApiError,
  apiRequest,
  checkResponse,
  CSRF_HEADER,
  currentCsrfToken,
} from '../api/client';

export const PRINTJOB_QUERY_KEY = ['printjob', 'current'] as const;
export const AJAX_USER_QUERY_KEY = ['ajax-user'] as const;
/** The dashboard panel's HTML (`GET /ajax/user.html`); the locale is appended to the key. */
export const DASHBOARD_PANEL_QUERY_KEY = ['ajax-user-html'] as const;
/** Server-sent events about the signed-in person's print jobs. */
export const PRINTJOB_EVENTS_PATH = '/ajax/printjobs/events';

/** The uploader's settings: every field of the server's settings input, as it parses them. */
export type TSettings = Required<Omit<z.output<typeof ZPrintjobSettingsInput>, 'kind'>>;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? { job: ZPrintjob, user: ZAjaxUser, document: ZDocument, removed: ZDocument.nullable() }
  : null;

// Polled every few seconds: revalidated with the ETag the browser keeps (304 while unchanged).
export const fetchCurrentPrintjob = () =>
  api.get<TPrintjob>('/ajax/printjobs/current', { schema: RESPONSES?.job, cache: 'no-cache' });
export const fetchAjaxUser = () =>
  api.get<TAjaxUser>('/ajax/user', { schema: RESPONSES?.user, cache: 'no-cache' });

export const saveSettings = (jobId: number, settings: z.input<typeof ZPrintjobSettingsInput>) =>
  api.post<TPrintjob>(`/ajax/printjobs/${jobId}/settings`, settings, { schema: RESPONSES?.job });

export const submitPrintjob = (jobId: number, isSubmitted: boolean) =>
  api.post<TPrintjob>(
    `/ajax/printjobs/${jobId}/submit`,
    { is_submitted: isSubmitted } satisfies TSubmitInput,
    { schema: RESPONSES?.job },
  );

/** Releases the person's confirmed job to a printer; errors carry the server's translated message. */
export const printAtPrinter = (jobId: number, printerId: number) =>
  api.post<TPrintjob>(
    `/ajax/printjobs/${jobId}/print`,
    { printer_id: printerId } satisfies TPrintAtPrinterInput,
    { schema: RESPONSES?.job },
  );

/** Releases the job to the printer whose screen shows this code. */
export const printWithCode = (jobId: number, input: TPrintWithCodeInput) =>
  api.post<TPrintjob>(`/ajax/printjobs/${jobId}/print_with_code`, input, {
    schema: RESPONSES?.job,
  });

/**
 * Takes a released job back before the printer started it: its pages come back and it is the
 * person's (confirmed) job again. Refused once printing started (the error carries the message).
 */
export const cancelPrintjob = (jobId: number) =>
  api.post<TPrintjob>(`/ajax/printjobs/${jobId}/cancel`, {}, { schema: RESPONSES?.job });

/** Spec section 7: `POST /ajax/documents/{id}` with `_method=PUT` and `copies`. */
export const saveCopies = (documentId: number, copies: number) =>
  apiRequest<TDocument>('POST', `/ajax/documents/${documentId}`, {
    form: new URLSearchParams({ _method: 'PUT', copies: String(copies) }),
    schema: RESPONSES?.document,
  });

/** Spec section 7: a GET that removes; non-null means removed. It still carries the CSRF header. */
export async function removeDocument(documentId: number): Promise<TDocument | null> {
  const token = currentCsrfToken();
  const response = await fetch(`/ajax/documents/${documentId}/remove`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
  });
  if (!response.ok) throw new ApiError(response.status, 'http_error', '');
  const path = `/ajax/documents/${documentId}/remove`;
  return checkResponse(`GET ${path}`, RESPONSES?.removed, (await response.json()) as unknown);
}

export type TUploadHandle = { promise: Promise<TDocument>; abort: () => void };

/**
 * XMLHttpRequest rather than fetch: it reports upload progress for the progress bar. `path`: the
 * express pages upload to their order's address, with the same answer.
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  path = '/ajax/documents/upload',
): TUploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TDocument>((resolve, reject) => {
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = currentCsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        try {
          resolve(checkResponse(`POST ${path}`, RESPONSES?.document, body));
        } catch (mismatch) {
          reject(mismatch instanceof Error ? mismatch : new Error(String(mismatch)));
        }
      } else {
        const message =
          body && typeof body === 'object' && 'message' in body ? String(body.message) : '';
        reject(new ApiError(xhr.status, 'upload_failed', message));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', ''));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
