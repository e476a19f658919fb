import fs from 'node:fs/promises';
import { type TAgentMessage, ZAgentMessage } from '@printomat/shared';
import { AtomicJsonFile } from '../json-file.js';

export type TUsageReport = Extract<TAgentMessage, { type: 'usage' }>;

interface TUsageFile {
  version: 1;
  reports: Array<{ report: TUsageReport; createdAt: string }>;
}

/** More unacknowledged reports than this: the oldest are dropped (a server away for weeks). */
export const MAX_USAGE_REPORTS = 1_000;

/** An entry of usage.json that cannot be sent (the server would close the link over it). */
export interface TBadUsageEntry {
  index: number;
  reason: string;
}

/**
 * Copy and scan usage reports the server has not acknowledged yet, on disk (written atomically,
 * by rename), so copies made while the link was down, or just before the agent restarted, are
 * still reported and charged. Each report has its id: the server counts it once however often
 * it is sent.
 */
export class UsageJournal {
  private data: TUsageFile = { version: 1, reports: [] };
  private readonly writer: AtomicJsonFile;
  private readonly maxReports: number;

  constructor(
    private readonly file: string,
    options: { maxReports?: number } = {},
  ) {
    this.writer = new AtomicJsonFile(file);
    this.maxReports = options.maxReports ?? MAX_USAGE_REPORTS;
  }

  /**
   * Reads the file. Each entry is checked against the protocol: one the server would refuse (a
   * hand-edited file, a newer agent's format after a rollback, a damaged disk) is dropped and
   * answered, so it is not sent again on every connection.
   */
  async load(): Promise<{ dropped: TBadUsageEntry[] }> {
    // A restart in the same process: what is being written is what is read.
    await this.writer.settled();
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { dropped: [] };
      throw err;
    }
    let file: Partial<TUsageFile> | null = null;
    try {
      file = JSON.parse(text) as Partial<TUsageFile> | null;
    } catch {
      // Handled below as a file that is no journal.
    }
    if (file?.version !== 1 || !Array.isArray(file.reports))
      return this.reject(text, [{ index: -1, reason: 'not a usage journal (version 1 JSON)' }], []);
    const dropped: TBadUsageEntry[] = [];
    const reports: TUsageFile['reports'] = [];
    file.reports.forEach((entry: unknown, index) => {
      const e = entry as Partial<TUsageFile['reports'][number]> | null;
      const checked = ZAgentMessage.safeParse(e?.report);
      if (!checked.success)
        dropped.push({
          index,
          reason: checked.error.issues
            .map((i) => `${i.path.join('.') || 'report'}: ${i.message}`)
            .join('; '),
        });
      else if (checked.data.type !== 'usage')
        dropped.push({ index, reason: `a ${checked.data.type} message, not a usage report` });
      else
        reports.push({
          report: checked.data,
          createdAt: typeof e?.createdAt === 'string' ? e.createdAt : new Date().toISOString(),
        });
    });
    if (dropped.length > 0) return this.reject(text, dropped, reports);
    this.data = { version: 1, reports };
    return { dropped };
  }

  /** Keeps what could be read, and the file as it was beside it (`usage.json.rejected`). */
  private async reject(
    text: string,
    dropped: TBadUsageEntry[],
    reports: TUsageFile['reports'],
  ): Promise<{ dropped: TBadUsageEntry[] }> {
    await fs.writeFile(`${this.file}.rejected`, text, { mode: 0o600 });
    this.data = { version: 1, reports };
    await this.save();
    return { dropped };
  }

  reports(): TUsageReport[] {
    return this.data.reports.map((r) => r.report);
  }

  has(reportId: string): boolean {
    return this.data.reports.some((r) => r.report.reportId === reportId);
  }

  /**
   * Adds a report (at once: `has` knows it before the file is written); answers the reports
   * dropped to stay within the bound, the oldest first.
   */
  async add(report: TUsageReport): Promise<TUsageReport[]> {
    this.data.reports.push({ report, createdAt: new Date().toISOString() });
    const dropped = this.data.reports.splice(
      0,
      Math.max(0, this.data.reports.length - this.maxReports),
    );
    await this.save();
    return dropped.map((r) => r.report);
  }

  async remove(reportId: string): Promise<void> {
    const before = this.data.reports.length;
    this.data.reports = this.data.reports.filter((r) => r.report.reportId !== reportId);
    if (this.data.reports.length !== before) await this.save();
  }

  private save(): Promise<void> {
    return this.writer.save(this.data);
  }
}
