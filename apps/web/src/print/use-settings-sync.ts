import { useCallback, useRef, useState } from 'react';
import type { TPrintjob } from '@printomat/shared';
import type { TSettings } from './print-api';
import { useUploaderApi } from './uploader-api';

export function settingsOf(job: TPrintjob): TSettings {
  return {
    orientation: job.orientation,
    is_grayscale: job.is_grayscale,
    is_duplex: job.is_duplex,
    pages_per_sheet: job.pages_per_sheet,
  };
}

/**
 * Spec section 4: settings are sent one at a time; whatever changes while a send is pending goes
 * out afterwards as one follow-up with the latest values. The screen shows the latest values at once.
 */
export function useSettingsSync(
  job: TPrintjob | undefined,
  onSaved: (job: TPrintjob) => void,
  onError: (error: unknown) => void,
) {
  const { saveSettings } = useUploaderApi();
  const [draft, setDraft] = useState<TSettings | null>(null);
  const pending = useRef(false);
  const queued = useRef<TSettings | null>(null);

  const send = useCallback(
    async (jobId: number, kind: string, first: TSettings) => {
      pending.current = true;
      try {
        let next: TSettings | null = first;
        while (next) {
          queued.current = null;
          onSaved(await saveSettings(jobId, { ...next, kind }));
          next = queued.current;
        }
        setDraft(null);
      } catch (error) {
        onError(error);
      } finally {
        pending.current = false;
      }
    },
    [onSaved, onError, saveSettings],
  );

  const change = useCallback(
    (patch: Partial<TSettings>) => {
      if (!job) return;
      const next = { ...(draft ?? settingsOf(job)), ...patch };
      setDraft(next);
      if (pending.current) queued.current = next;
      else void send(job.id, job.kind, next);
    },
    [job, draft, send],
  );

  return { settings: job ? (draft ?? settingsOf(job)) : null, change };
}
