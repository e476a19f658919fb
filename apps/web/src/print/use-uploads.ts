import { useCallback, useEffect, useRef, useState } from 'react';
import type { TDocument } from '@printomat/shared';
import { ApiError } from '../api/client';
import { useUploaderApi } from './uploader-api';

/** The upload size limit until the session (`max_upload_bytes`) says the server's own. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** "50 MB": the upload limit as people read it (the too-large message names it). */
export function formatMegabytes(locale: string, bytes: number): string {
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
  return `${value} MB`;
}

export type TSlotState = 'waiting' | 'uploading' | 'not_uploaded';

/** A file on its way to the server (documents already there come from the print job). */
export type TSlot = {
  key: string;
  name: string;
  file: File;
  state: TSlotState;
  progress: number;
  error: string | null;
};

let nextKey = 0;

/**
 * Uploads one at a time: the next waiting file starts when the previous finishes (spec section 4).
 * Too-large files are marked not_uploaded without being sent.
 */
export function useUploads(options: {
  maxBytes: number;
  tooLargeText: string;
  failedText: string;
  onUploaded: (document: TDocument) => void;
}) {
  const { maxBytes, tooLargeText, failedText, onUploaded } = options;
  const { upload } = useUploaderApi();
  const [slots, setSlots] = useState<TSlot[]>([]);
  const slotsRef = useRef<TSlot[]>([]);
  const aborts = useRef(new Map<string, () => void>());
  // The next upload starts from the previous one's completion, through this ref.
  const pumpNext = useRef<() => void>(() => undefined);

  const commit = useCallback((change: (current: TSlot[]) => TSlot[]) => {
    slotsRef.current = change(slotsRef.current);
    setSlots(slotsRef.current);
  }, []);

  const update = useCallback(
    (key: string, patch: Partial<TSlot>) =>
      commit((current) => current.map((s) => (s.key === key ? { ...s, ...patch } : s))),
    [commit],
  );

  /** Starts the next waiting file when none is uploading. */
  const pump = useCallback(() => {
    if (slotsRef.current.some((s) => s.state === 'uploading')) return;
    const next = slotsRef.current.find((s) => s.state === 'waiting');
    if (!next) return;
    update(next.key, { state: 'uploading', progress: 0 });
    const handle = upload(next.file, (progress) => update(next.key, { progress }));
    aborts.current.set(next.key, handle.abort);
    handle.promise
      .then((document) => {
        commit((current) => current.filter((s) => s.key !== next.key));
        onUploaded(document);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        const message = error instanceof ApiError && error.message ? error.message : failedText;
        update(next.key, { state: 'not_uploaded', error: message });
      })
      .finally(() => {
        aborts.current.delete(next.key);
        pumpNext.current();
      });
  }, [commit, update, onUploaded, failedText, upload]);

  useEffect(() => {
    pumpNext.current = pump;
  }, [pump]);

  const add = useCallback(
    (files: File[]) => {
      commit((current) => [
        ...current,
        ...files.map((file): TSlot => {
          nextKey += 1;
          const tooLarge = file.size > maxBytes;
          return {
            key: `slot-${nextKey}`,
            name: file.name,
            file,
            state: tooLarge ? 'not_uploaded' : 'waiting',
            progress: 0,
            error: tooLarge ? tooLargeText : null,
          };
        }),
      ]);
      pump();
    },
    [commit, pump, maxBytes, tooLargeText],
  );

  /** Cancel while uploading or waiting: abort and remove. */
  const cancel = useCallback(
    (key: string) => {
      aborts.current.get(key)?.();
      commit((current) => current.filter((s) => s.key !== key));
      pump();
    },
    [commit, pump],
  );

  return { slots, add, cancel };
}
