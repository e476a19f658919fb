import fs from 'node:fs/promises';
import type { TAgentJob } from '@printomat/shared';
import { AtomicJsonFile } from './json-file.js';

/** One document of a job as it went to the printer. */
export interface TJournalPart {
  /** Set just before Print-Job is sent: after a crash, the printer is asked whether it has it. */
  submitting?: boolean;
  ippJobId?: number;
  /** The IPP job's final state. */
  final?: 'completed' | 'aborted' | 'canceled';
  impressions?: number | null;
}

export interface TJournalEntry {
  job: TAgentJob;
  parts: TJournalPart[];
  receivedAt: string;
  /**
   * The server withdrew the job after some of it reached the printer: what is there is cancelled
   * (IPP Cancel-Job), nothing more is sent, and the report says what came out anyway.
   */
  withdrawn?: boolean;
  /** Why the agent stopped the job itself (the printer in error), for the report. */
  stopReason?: string;
  /** Set once the job ended; kept until the server acknowledges the report. */
  outcome?: {
    outcome: 'printed' | 'failed';
    impressions: number | null;
    documentsCompleted: number;
    reason?: string;
  };
}

const STALE_AFTER_MS = 7 * 24 * 3_600_000;

/**
 * One entry per release of a job (a job failed, reset and released again is a new release, and
 * the earlier one's report must still go out), named `<jobId>` or `<jobId>@<release>`.
 */
export function journalKey(jobId: number, release: string | undefined): string {
  return release === undefined ? String(jobId) : `${jobId}@${release}`;
}

export const keyOfEntry = (entry: TJournalEntry): string =>
  journalKey(entry.job.jobId, entry.job.release);

interface TJournalFile {
  version: 1;
  jobs: Record<string, TJournalEntry>;
}

/**
 * What the agent knows about the jobs it was given, on disk: written (atomically, by rename)
 * before and after each step that touches the printer, so a restarted agent neither prints a job
 * twice nor loses a report the server has not acknowledged.
 */
export class Journal {
  private data: TJournalFile = { version: 1, jobs: {} };
  private readonly writer: AtomicJsonFile;

  constructor(private readonly file: string) {
    this.writer = new AtomicJsonFile(file);
  }

  async load(): Promise<void> {
    try {
      const parsed = JSON.parse(await fs.readFile(this.file, 'utf8')) as TJournalFile;
      if (parsed.version === 1 && typeof parsed.jobs === 'object') this.data = parsed;
      // A job the server never sent again in a week is not ours any more.
      const stale = Date.now() - STALE_AFTER_MS;
      for (const [id, entry] of Object.entries(this.data.jobs))
        if (!entry.outcome && Date.parse(entry.receivedAt) < stale) delete this.data.jobs[id];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  get(key: string): TJournalEntry | undefined {
    return this.data.jobs[key];
  }

  entries(): TJournalEntry[] {
    return Object.values(this.data.jobs);
  }

  /** Every release of the job the journal holds. */
  ofJob(jobId: number): TJournalEntry[] {
    return this.entries().filter((e) => e.job.jobId === jobId);
  }

  async put(entry: TJournalEntry): Promise<void> {
    this.data.jobs[keyOfEntry(entry)] = entry;
    await this.save();
  }

  async remove(key: string): Promise<void> {
    if (!(key in this.data.jobs)) return;
    delete this.data.jobs[key];
    await this.save();
  }

  /** Writes are queued so the file always holds a complete, recent state. */
  save(): Promise<void> {
    return this.writer.save(this.data);
  }
}
