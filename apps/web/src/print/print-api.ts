import type { TAjaxUser, TDocument, TOrientation, TPrintjob } from '@printomat/shared';
import { api, ApiError, apiRequest, CSRF_HEADER, currentCsrfToken } from '../api/client';

export const PRINTJOB_QUERY_KEY = ['printjob', 'current'] as const;
export const AJAX_USER_QUERY_KEY = ['ajax-user'] as const;
/** The dashboard panel's HTML (`GET /ajax/user.html`); the locale is appended to the key. */
export const DASHBOARD_PANEL_QUERY_KEY = ['ajax-user-html'] as const;
/** Server-sent events about the signed-in person's print jobs. */
export const PRINTJOB_EVENTS_PATH = '/ajax/printjobs/events';

export type TSettings = {
  orientation: TOrientation;
  is_grayscale: boolean;
  is_duplex: boolean;
  pages_per_sheet: 1 | 2 | 4;
};

export const fetchCurrentPrintjob = () => api.get<TPrintjob>('/ajax/printjobs/current');
export const fetchAjaxUser = () => api.get<TAjaxUser>('/ajax/user');

export const saveSettings = (jobId: number, settings: TSettings & { kind: string }) =>
  api.post<TPrintjob>(`/ajax/printjobs/${jobId}/settings`, settings);

export const submitPrintjob = (jobId: number, isSubmitted: boolean) =>
  api.post<TPrintjob>(`/ajax/printjobs/${jobId}/submit`, { is_submitted: isSubmitted });

/** Releases the person's confirmed job to a printer; errors carry the server's translated message. */
export const printAtPrinter = (jobId: number, printerId: number) =>
  api.post<TPrintjob>(`/ajax/printjobs/${jobId}/print`, { printer_id: printerId });

/** Spec section 7: `POST /ajax/documents/{id}` with `_method=PUT` and `copies`. */
export const saveCopies = (documentId: number, copies: number) =>
  apiRequest<TDocument>('POST', `/ajax/documents/${documentId}`, {
    form: new URLSearchParams({ _method: 'PUT', copies: String(copies) }),
  });

/** Spec section 7: a GET that removes; non-null means removed. It still carries the CSRF header. */
export async function removeDocument(documentId: number): Promise<TDocument | null> {
  const token = currentCsrfToken();
  const response = await fetch(`/ajax/documents/${documentId}/remove`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
  });
  if (!response.ok) throw new ApiError(response.status, 'http_error', '');
  return (await response.json()) as TDocument | null;
}

export type TUploadHandle = { promise: Promise<TDocument>; abort: () => void };

/** XMLHttpRequest rather than fetch: it reports upload progress for the progress bar. */
export function uploadFile(file: File, onProgress: (fraction: number) => void): TUploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TDocument>((resolve, reject) => {
    xhr.open('POST', '/ajax/documents/upload');
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
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as TDocument);
      else {
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
