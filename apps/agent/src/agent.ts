import { randomUUID } from 'node:crypto';
import path from 'node:path';
import WebSocket from 'ws';
import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  ZServerMessage,
  type TDeviceAction,
  type TDeviceAuthorization,
  type TAgentJob,
  type TAgentMessage,
  type TAgentPrinterStatus,
  type TServerMessage,
} from '@printomat/shared';
import {
  IPP_STATUS_CLIENT_ERROR_NOT_FOUND,
  type IppClient,
  IppBusyError,
  IppError,
  createIppClient,
} from './ipp/ipp-client.js';
import type { PrinterCapabilities } from './ipp/capabilities.js';
import { CertificatePins } from './ipp/certificate-pins.js';
import { linkTrouble } from './ipp/link-trouble.js';
import type { TPrinterCredentials } from './ipp/transport.js';
import { Journal, type TJournalEntry, journalKey, keyOfEntry } from './journal.js';
import type { TDeviceLink, TUsageAck } from './device/types.js';
import { type TUsageReport, UsageJournal } from './device/usage-journal.js';
import { TroubleClock, deviceTrouble, readDeviceTrouble } from './print/device-trouble.js';
import { RenderError, ghostscriptVersion } from './print/ghostscript.js';
import { planPrint } from './print/plan.js';
import { type PreparedDocument, prepareDocument } from './print/prepare.js';
import { AGENT_VERSION } from './version.js';

export { AGENT_VERSION };

export interface TAgentLog {
  info(msg: string, details?: Record<string, unknown>): void;
  warn(msg: string, details?: Record<string, unknown>): void;
  error(msg: string, details?: Record<string, unknown>): void;
}

export const consoleLog: TAgentLog = {
  info: (msg, details) => console.log(JSON.stringify({ level: 'info', msg, ...details })),
  warn: (msg, details) => console.warn(JSON.stringify({ level: 'warn', msg, ...details })),
  error: (msg, details) => console.error(JSON.stringify({ level: 'error', msg, ...details })),
};

export interface TAgentOptions {
  /** The server's address, e.g. https://printomat.example (the agent dials /agent/ws there). */
  serverUrl: string;
  minionId: string;
  secret: string;
  /** The local printer, e.g. ipp://127.0.0.1:631/ipp/print. */
  printerUri: string;
  /** Where the journal of jobs (and ipps:// printers' pinned certificates) is kept. */
  stateDir: string;
  /** For a printer that asks for HTTP basic authentication. */
  printerCredentials?: TPrinterCredentials;
  log?: TAgentLog;
  /** Reconnection backoff bounds. */
  minReconnectMs?: number;
  maxReconnectMs?: number;
  /** How long to keep retrying a busy printer before failing a job. */
  printerWaitMs?: number;
  /**
   * How long the device may be out of paper, jammed, out of toner, stopped or unreachable before
   * a job waiting for it fails (and is given back), or one it is printing is cancelled.
   */
  printerErrorWaitMs?: number;
  /** Longest a single document may take to print. */
  jobTimeoutMs?: number;
  /** After a job was interrupted, ask the server for it again this much later. */
  retryJobMs?: number;
  /** How long the printer's capabilities (formats, resolutions...) are trusted. */
  capabilitiesTtlMs?: number;
  /** Longest Ghostscript may take to render one document for a raster-only printer. */
  renderTimeoutMs?: number;
  /** Called when a job message arrives (the latency benchmark listens here). */
  onJobReceived?: (jobId: number) => void;
}

type TState = 'stopped' | 'connecting' | 'detected' | 'online';

/** How long hello waits for the printer's state (the server allows 10 s for hello). */
const STATUS_TIMEOUT_MS = 3_000;
/** Printer status is trimmed to this many bytes of JSON (the server takes 64 KiB messages). */
const MAX_STATUS_BYTES = 16 * 1024;

/** Default of printerErrorWaitMs: a job at a printer in error is given back within a minute. */
export const PRINTER_ERROR_WAIT_MS = 45_000;
/** A Print-Job to a busy printer is retried this long before the device's state is asked again. */
const BUSY_SLICE_MS = 10_000;
/** While a job prints, the device's state is asked this often. */
const TROUBLE_POLL_MS = 2_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The IPP job-name of a document: unique per release, so a re-released job is never mistaken. */
const ippJobName = (job: TAgentJob, part: number) =>
  job.release === undefined
    ? `printomat-${job.jobId}-${part + 1}`
    : `printomat-${job.jobId}-r${job.release.replace(/[^0-9]/g, '')}-${part + 1}`;
const ippUser = (job: TAgentJob) => `printomat-user-${job.userId}`;

/** No connection was made: the printer certainly did not get the request. */
function isConnectionError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH';
}

/** The connection broke mid-request: the printer may or may not have acted on it. */
function isUncertain(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return (
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    (err instanceof Error && /timed out|socket hang up/i.test(err.message))
  );
}

/**
 * The printer agent: dials the server (it listens on no port), authenticates with its printer's
 * secret, takes released jobs the moment they are pushed, prints them over IPP one at a time and
 * reports how each ended. It reconnects with backoff and resumes: jobs it already sent to the
 * printer are followed, not printed again, and reports wait in the journal until acknowledged.
 */
export class PrinterAgent implements TDeviceLink {
  readonly journal: Journal;
  /** Copy/scan usage reports waiting for the server's acknowledgement (device/). */
  readonly usageJournal: UsageJournal;
  /** Authorisations asked at the device's panel, waiting for the server's answer. */
  private readonly authorizations = new Map<
    string,
    { resolve: (result: TDeviceAuthorization) => void; timer: NodeJS.Timeout }
  >();
  /** Who waits for a usage report's acknowledgement (the panel gateway). */
  private readonly usageWaiters = new Map<string, Array<(ack: TUsageAck) => void>>();
  /** Sessions ended at the panel while the link was down: told to the server on reconnection. */
  private readonly endedSessions = new Set<number>();
  private readonly ipp: IppClient;
  private readonly log: TAgentLog;
  private socket: WebSocket | undefined;
  private state: TState = 'stopped';
  private stopping = false;
  private attempt = 0;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Journal keys (one per release of a job) waiting for or being printed by the runner. */
  private readonly queued = new Set<string>();
  /** Releases withdrawn before anything reached the printer: dropped, never reported. */
  private readonly cancelled = new Set<string>();
  private runner: Promise<void> = Promise.resolve();
  private readonly stateListeners = new Set<(state: TState) => void>();
  private capabilities: { value: PrinterCapabilities; until: number } | undefined;
  /** The last trouble reaching the printer that an operator must fix (logged once per change). */
  private linkTroubleSeen: string | undefined;
  printerId: number | undefined;

  constructor(private readonly options: TAgentOptions) {
    this.journal = new Journal(path.join(options.stateDir, 'journal.json'));
    this.usageJournal = new UsageJournal(path.join(options.stateDir, 'usage.json'));
    this.log = options.log ?? consoleLog;
    const log = this.log;
    this.ipp = createIppClient(options.printerUri, {
      pins: CertificatePins.inStateDir(options.stateDir, {
        onPinned: (address, sha256) =>
          log.info("pinned the printer's TLS certificate (trusted on first use)", {
            address,
            sha256,
          }),
      }),
      ...(options.printerCredentials ? { credentials: options.printerCredentials } : {}),
    });
  }

  get status(): TState {
    return this.state;
  }

  get serverUrl(): string {
    return this.options.serverUrl;
  }

  /** Resolves when the agent reaches `state` (tests and the demo wait for `online`). */
  waitFor(state: TState, timeoutMs = 10_000): Promise<void> {
    if (this.state === state) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stateListeners.delete(listener);
        reject(new Error(`agent did not become ${state} (is ${this.state})`));
      }, timeoutMs);
      const listener = (s: TState) => {
        if (s !== state) return;
        clearTimeout(timer);
        this.stateListeners.delete(listener);
        resolve();
      };
      this.stateListeners.add(listener);
    });
  }

  async start(): Promise<void> {
    await this.journal.load();
    const { dropped } = await this.usageJournal.load();
    for (const bad of dropped)
      this.log.error('usage report in usage.json dropped: it cannot be sent', {
        entry: bad.index,
        reason: bad.reason,
        keptIn: `${path.join(this.options.stateDir, 'usage.json')}.rejected`,
      });
    this.stopping = false;
    this.connect();
  }

  /** Closes the link; a job being printed is left to the printer and resumed on next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    // A panel still waiting for the server is told it is not there.
    for (const [requestId, pending] of this.authorizations) {
      clearTimeout(pending.timer);
      this.authorizations.delete(requestId);
      pending.resolve({ ok: false, reason: 'unavailable' });
    }
    const socket = this.socket;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(1000, 'agent stopping');
        setTimeout(() => {
          socket.terminate();
          resolve();
        }, 2_000).unref();
      });
    }
    this.setState('stopped');
  }

  private setState(state: TState): void {
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }

  private connect(): void {
    if (this.stopping) return;
    this.setState('connecting');
    const url = new URL('/agent/ws', this.options.serverUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url, { handshakeTimeout: 10_000, maxPayload: 1024 * 1024 });
    this.socket = socket;
    socket.on('open', () => {
      // The server waits 10 s for hello: a printer slow to answer must not keep us out.
      void this.printerStatus(STATUS_TIMEOUT_MS).then((printer) =>
        this.send({
          type: 'hello',
          protocol: AGENT_PROTOCOL_VERSION,
          minionId: this.options.minionId,
          secret: this.options.secret,
          agentVersion: AGENT_VERSION,
          printer,
        }),
      );
    });
    socket.on('message', (data: Buffer) => {
      let message: TServerMessage;
      try {
        message = ZServerMessage.parse(JSON.parse(data.toString('utf8')));
      } catch {
        this.log.warn('unreadable message from the server');
        return;
      }
      this.onMessage(message);
    });
    socket.on('close', (code, reason) => {
      clearInterval(this.heartbeatTimer);
      if (this.socket === socket) this.socket = undefined;
      if (this.stopping) return;
      if (code === AGENT_CLOSE.unauthorized)
        this.log.error('the server refused this agent: check its minion id and secret');
      else this.log.warn('link to the server closed', { code, reason: reason.toString() });
      this.scheduleReconnect(code === AGENT_CLOSE.registered);
    });
    socket.on('error', (err) => this.log.warn('link error', { error: err.message }));
  }

  private scheduleReconnect(now: boolean): void {
    const min = this.options.minReconnectMs ?? 500;
    const max = this.options.maxReconnectMs ?? 30_000;
    this.attempt = now ? 0 : this.attempt + 1;
    const base = now ? 0 : Math.min(max, min * 2 ** Math.min(this.attempt - 1, 16));
    const delay = base === 0 ? 0 : base / 2 + Math.random() * (base / 2);
    this.setState('connecting');
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private send(message: TAgentMessage): void {
    const socket = this.socket;
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  private startHeartbeat(ms: number): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => {
      void this.printerStatus().then((printer) => this.send({ type: 'heartbeat', printer }));
    }, ms);
  }

  private onMessage(message: TServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.attempt = 0;
        this.printerId = message.printerId;
        this.log.info('connected', { printerId: message.printerId, name: message.name });
        this.startHeartbeat(message.heartbeatMs);
        this.setState('online');
        void this.describePrinter();
        // Reports the server has not acknowledged yet go out again; jobs still open are asked for
        // again: one withdrawn while the link was down is answered with its withdrawal.
        for (const entry of this.journal.entries())
          if (entry.outcome) this.sendFinished(entry);
          else this.send({ type: 'job_refresh', jobId: entry.job.jobId });
        // So do copy reports not acknowledged yet, and sessions ended while we were away.
        for (const report of this.usageJournal.reports()) this.send(report);
        for (const sessionId of this.endedSessions) this.send({ type: 'session_end', sessionId });
        this.endedSessions.clear();
        return;
      case 'detected':
        this.attempt = 0;
        this.log.info('connected as a detected printer: waiting for an admin to register it', {
          minionId: this.options.minionId,
        });
        this.startHeartbeat(message.heartbeatMs);
        this.setState('detected');
        return;
      case 'job':
        this.options.onJobReceived?.(message.job.jobId);
        this.send({ type: 'job_received', jobId: message.job.jobId });
        this.accept(message.job).catch((err: unknown) => this.logError('job not accepted', err));
        return;
      case 'finished_ack':
        this.journal
          .remove(journalKey(message.jobId, message.release))
          .catch((err: unknown) => this.logError('journal not written', err));
        return;
      case 'usage_ack': {
        const ack: TUsageAck = {
          ...(message.charged !== undefined ? { charged: message.charged } : {}),
          ...(message.remainingPages !== undefined
            ? { remainingPages: message.remainingPages }
            : {}),
        };
        this.usageJournal
          .remove(message.reportId)
          .catch((err: unknown) => this.logError('usage journal not written', err));
        for (const waiter of this.usageWaiters.get(message.reportId) ?? []) waiter(ack);
        this.usageWaiters.delete(message.reportId);
        return;
      }
      case 'authorization': {
        const pending = this.authorizations.get(message.requestId);
        if (!pending) return; // answered too late: the panel was told the server is away
        clearTimeout(pending.timer);
        this.authorizations.delete(message.requestId);
        pending.resolve(message.result);
        return;
      }
      case 'job_cancelled':
        for (const entry of this.journal.ofJob(message.jobId)) this.withdraw(entry);
        return;
    }
  }

  /**
   * The server withdrew a release of a job (an admin failed it, or released it anew). Nothing of
   * it reached the printer: it is dropped, also while waiting for an unreachable printer. Some did:
   * what is still pending or printing there is cancelled (IPP Cancel-Job), nothing more is sent,
   * and the report says what came out anyway, so the charge follows the pages printed.
   */
  private withdraw(entry: TJournalEntry): void {
    if (entry.outcome || entry.withdrawn) return;
    const key = keyOfEntry(entry);
    this.log.info('job withdrawn by the server', {
      jobId: entry.job.jobId,
      release: entry.job.release,
    });
    if (entry.parts.every((p) => p.ippJobId === undefined && !p.final && !p.submitting)) {
      this.cancelled.add(key);
      this.journal.remove(key).catch((err: unknown) => this.logError('journal not written', err));
      return;
    }
    entry.withdrawn = true;
    this.journal.save().catch((err: unknown) => this.logError('journal not written', err));
    void this.cancelAtPrinter(entry);
    // Followed to its end and reported, also when the runner was no longer at it.
    this.schedule(entry);
  }

  /** Cancel-Job for every document of the entry the printer holds and has not finished. */
  private async cancelAtPrinter(entry: TJournalEntry): Promise<void> {
    for (const part of entry.parts) {
      if (part.ippJobId === undefined || part.final) continue;
      try {
        await this.ipp.cancelJob(part.ippJobId, ippUser(entry.job));
        this.log.info('job cancelled at the printer', {
          jobId: entry.job.jobId,
          ippJobId: part.ippJobId,
        });
      } catch (err) {
        // Ended meanwhile (the report says how) or the printer is away (it is followed).
        this.logError('Cancel-Job failed', err, {
          jobId: entry.job.jobId,
          ippJobId: part.ippJobId,
        });
      }
    }
  }

  private isStopped(entry: TJournalEntry): boolean {
    return entry.withdrawn === true || this.cancelled.has(keyOfEntry(entry));
  }

  /** A job (new, or delivered again): record it, then print it once, in arrival order. */
  private async accept(job: TAgentJob): Promise<void> {
    const key = journalKey(job.jobId, job.release);
    // A journal written before releases had names (an agent update): its open entry of the job
    // is this release, not an earlier one to withdraw.
    const unnamed = this.journal.get(journalKey(job.jobId, undefined));
    if (unnamed && !unnamed.outcome && job.release !== undefined && !this.journal.get(key)) {
      await this.journal.remove(keyOfEntry(unnamed));
      unnamed.job = job;
      await this.journal.put(unnamed);
    }
    // The job was released anew: an earlier release still open here was withdrawn (its remainder
    // must not print; this release prints the whole job, once).
    for (const other of this.journal.ofJob(job.jobId))
      if (keyOfEntry(other) !== key) this.withdraw(other);
    const known = this.journal.get(key);
    if (known?.outcome) return this.sendFinished(known);
    // A repeated delivery brings fresh download links; what was printed stays recorded.
    let entry: TJournalEntry;
    if (known) {
      known.job = job;
      entry = known;
      await this.journal.save();
    } else {
      entry = { job, parts: [], receivedAt: new Date().toISOString() };
      await this.journal.put(entry);
    }
    this.cancelled.delete(key);
    this.schedule(entry);
  }

  /** Queues the entry for the runner (one job at a time, in arrival order), once. */
  private schedule(entry: TJournalEntry): void {
    const key = keyOfEntry(entry);
    const { jobId } = entry.job;
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.runner = this.runner
      .then(() => this.run(key))
      .catch((err: unknown) => {
        // Something temporary (network, printer, an expired link): ask the server for the job
        // again in a moment; it answers with fresh links if the job is still ours to print.
        this.logError('job interrupted; asking the server for it again', err, { jobId });
        const timer = setTimeout(
          () => this.send({ type: 'job_refresh', jobId }),
          this.options.retryJobMs ?? 5_000,
        );
        timer.unref();
      })
      .finally(() => this.queued.delete(key));
  }

  private logError(msg: string, err: unknown, details: Record<string, unknown> = {}): void {
    this.log.error(msg, { ...details, error: err instanceof Error ? err.message : String(err) });
  }

  private async run(key: string): Promise<void> {
    const entry = this.journal.get(key);
    if (!entry || entry.outcome || this.cancelled.has(key)) return;
    const { job } = entry;
    const { jobId } = job;
    const user = ippUser(job);
    for (let i = 0; i < job.documents.length; i++) {
      const part = (entry.parts[i] ??= {});
      if (part.final) {
        if (part.final !== 'completed') break;
        continue;
      }
      if (part.ippJobId === undefined && part.submitting) {
        // Sent before a crash or a lost answer, or maybe not: the printer knows.
        const found = await this.ipp.findJobsByName(ippJobName(job, i), user);
        if (found.length > 0) part.ippJobId = Math.min(...found);
        else part.submitting = false;
        await this.journal.save();
      }
      if (part.ippJobId === undefined) {
        // Withdrawn, or stopped for a printer in error: nothing more goes to the printer.
        if (this.isStopped(entry) || entry.stopReason) break;
        const submitted = await this.submit(entry, i);
        if (submitted === null) break;
      }
      // Withdrawn while the document was on its way: cancelled there at once.
      if (entry.withdrawn) await this.cancelAtPrinter(entry);
      else if (i === 0)
        this.send({ type: 'job_started', jobId, ...(job.release ? { release: job.release } : {}) });
      const status = await this.follow(entry, part.ippJobId as number);
      part.final = status.state;
      part.impressions = status.impressions;
      await this.journal.save();
      if (part.final !== 'completed' || entry.withdrawn) break;
    }
    // Dropped before anything reached the printer: there is nothing to report.
    if (this.cancelled.has(key)) return;
    entry.outcome = this.outcomeOf(entry);
    await this.journal.save();
    this.log.info('job ended', { jobId, release: job.release, ...entry.outcome });
    this.sendFinished(entry);
  }

  /**
   * Follows an IPP job to its end. Connection trouble while asking is retried until the job's
   * time limit (the printer may still print what it took); a job the printer no longer knows
   * was accepted and has left its queue, which printers do with finished jobs: it counts as
   * completed, impressions unknown. A device in error (out of paper, jammed...) for
   * printerErrorWaitMs while the job waits or prints: the job is cancelled there and ends with
   * what came out.
   */
  private async follow(
    entry: TJournalEntry,
    ippJobId: number,
  ): Promise<{ state: 'completed' | 'aborted' | 'canceled'; impressions: number | null }> {
    const deadline = Date.now() + (this.options.jobTimeoutMs ?? 30 * 60_000);
    const trouble = new TroubleClock(this.options.printerErrorWaitMs ?? PRINTER_ERROR_WAIT_MS);
    let nextTroubleCheck = 0;
    for (;;) {
      try {
        const status = await this.ipp.getJob(ippJobId);
        if (
          status.state === 'completed' ||
          status.state === 'aborted' ||
          status.state === 'canceled'
        )
          return { state: status.state, impressions: status.impressionsCompleted };
        if (!entry.withdrawn && !entry.stopReason && Date.now() >= nextTroubleCheck) {
          nextTroubleCheck = Date.now() + TROUBLE_POLL_MS;
          const now = await deviceTrouble(this.ipp);
          if (now !== null && trouble.note(now)) {
            entry.stopReason = now;
            await this.journal.save();
            this.log.warn('printer in error: job cancelled there', { jobId: entry.job.jobId });
            await this.cancelAtPrinter(entry);
          } else if (now === null) trouble.note(null);
        }
      } catch (err) {
        if (err instanceof IppError && err.statusCode === IPP_STATUS_CLIENT_ERROR_NOT_FOUND)
          return { state: 'completed', impressions: null };
        if (!(isConnectionError(err) || isUncertain(err))) throw err;
      }
      if (Date.now() > deadline) return { state: 'aborted', impressions: null };
      await sleep(300);
    }
  }

  /** Downloads one document and sends it to the printer; null when the job cannot go on. */
  private async submit(entry: TJournalEntry, index: number): Promise<number | null> {
    const { job } = entry;
    const part = entry.parts[index] ?? {};
    const document = job.documents[index];
    if (!document) return null;
    const response = await fetch(new URL(document.path, this.options.serverUrl), {
      signal: AbortSignal.timeout(120_000),
    });
    // An expired link or a job that is no longer ours: thrown, so the job is asked for again.
    if (!response.ok) throw new Error(`download failed (${response.status})`);
    const pdf = Buffer.from(await response.arrayBuffer());
    part.submitting = true;
    entry.parts[index] = part;
    await this.journal.save();
    const name = ippJobName(job, index);
    const user = ippUser(job);
    const deadline = Date.now() + (this.options.printerWaitMs ?? 5 * 60_000);
    const trouble = new TroubleClock(this.options.printerErrorWaitMs ?? PRINTER_ERROR_WAIT_MS);
    let prepared: PreparedDocument | undefined;
    const giveUp = async (reason: string) => {
      // Nothing of this document reached the printer.
      part.submitting = false;
      part.final = 'aborted';
      part.impressions = 0;
      entry.outcome = { outcome: 'failed', impressions: null, documentsCompleted: 0, reason };
      await this.journal.save();
      return null;
    };
    // Withdrawn meanwhile: it must not reach the printer now.
    const drop = async () => {
      part.submitting = false;
      await this.journal.save();
      return null;
    };
    try {
      for (;;) {
        if (this.isStopped(entry)) return await drop();
        // A device in error takes nothing: the job fails once the trouble lasted the limit, or at
        // once when only an operator can help (changed certificate, refused login).
        const now = await readDeviceTrouble(this.ipp);
        if (now !== null) {
          if (now.operatorNeeded || trouble.note(now.summary)) return await giveUp(now.summary);
          await sleep(1_000);
          continue;
        }
        trouble.note(null);
        try {
          // What the printer accepts decides what is sent: the PDF, or a raster rendered from it.
          prepared ??= await prepareDocument(
            pdf,
            job,
            document.copies,
            await this.printerCapabilities(),
            {
              ...(this.options.renderTimeoutMs
                ? { renderTimeoutMs: this.options.renderTimeoutMs }
                : {}),
            },
          );
          if (!prepared.ok) return await giveUp(prepared.reason);
          // Withdrawn while it was being rendered: it must not reach the printer now.
          if (this.isStopped(entry)) return await drop();
          // A busy printer is retried in slices, so its state is looked at in between.
          const { jobId } = await this.ipp.printWhenIdle(
            prepared.data,
            { jobName: name, requestingUser: user, ...prepared.attrs },
            { timeoutMs: Math.max(1, Math.min(BUSY_SLICE_MS, deadline - Date.now())) },
          );
          part.ippJobId = jobId;
          part.submitting = false;
          await this.journal.save();
          return jobId;
        } catch (err) {
          const next = await this.afterSubmitError(err, { name, user, part, deadline, giveUp });
          if (next !== undefined) return next;
          await sleep(1_000);
        }
      }
    } finally {
      if (prepared?.ok) await prepared.cleanup();
    }
  }

  /**
   * Decides what a failed submission means: the printer's job id when it took the document after
   * all, null when the job cannot go on, undefined to try again (after a pause).
   */
  private async afterSubmitError(
    err: unknown,
    ctx: {
      name: string;
      user: string;
      part: TJournalEntry['parts'][number];
      deadline: number;
      giveUp: (reason: string) => Promise<null>;
    },
  ): Promise<number | null | undefined> {
    const { name, user, part, deadline, giveUp } = ctx;
    if (err instanceof RenderError)
      return giveUp(`the document could not be rendered for the printer (${err.message})`);
    // A changed certificate or refused credentials: only an operator can help.
    const trouble = linkTrouble(err);
    if (trouble) {
      this.noteLinkTrouble(err);
      return giveUp(trouble.summary);
    }
    if (isUncertain(err)) {
      // The printer may have taken the job before the connection broke: ask before resending.
      const found = await this.ipp.findJobsByName(name, user).catch(() => [] as number[]);
      if (found.length > 0) {
        part.ippJobId = Math.min(...found);
        part.submitting = false;
        await this.journal.save();
        return part.ippJobId;
      }
    } else if (err instanceof IppError && !(err instanceof IppBusyError)) {
      // The printer refuses the document for good (format, attributes): retrying cannot help.
      // Its settings may have changed, though: the next job asks for its capabilities afresh.
      this.capabilities = undefined;
      return giveUp(`the printer refused the document (${err.message})`);
    } else if (!isConnectionError(err) && !(err instanceof IppBusyError)) {
      throw err;
    }
    if (Date.now() >= deadline)
      return giveUp(err instanceof IppBusyError ? 'printer busy' : 'printer unreachable');
    return undefined;
  }

  /** Tells the operator what this printer will be sent, or why it cannot print our jobs. */
  private async describePrinter(): Promise<void> {
    let caps: PrinterCapabilities;
    try {
      caps = await this.printerCapabilities();
    } catch {
      return; // Off or unreachable: the status says so, and each job asks again.
    }
    const plan = planPrint(caps, { colorMode: 'color', sides: 'one-sided', copies: 1 });
    if (plan.format === 'unsupported') {
      this.log.warn(`jobs cannot print here: ${plan.reason}`);
      return;
    }
    this.log.info('printer formats', {
      accepts: caps.documentFormats,
      sends: plan.format === 'pdf' ? 'application/pdf' : `${plan.format} at ${plan.dpi} dpi`,
    });
    if (plan.format !== 'pdf' && (await ghostscriptVersion()) === null)
      this.log.error(
        'this printer does not take PDF and Ghostscript (gs) is missing: jobs will fail until ' +
          'the ghostscript package is installed',
      );
  }

  /**
   * The printer's formats, resolutions, colour and duplex abilities, asked before a job and kept
   * a short while (a minute by default): someone may switch the printer or change its settings.
   */
  private async printerCapabilities(): Promise<PrinterCapabilities> {
    const cached = this.capabilities;
    if (cached && cached.until > Date.now()) return cached.value;
    const value = await this.ipp.getCapabilities();
    this.capabilities = { value, until: Date.now() + (this.options.capabilitiesTtlMs ?? 60_000) };
    return value;
  }

  private outcomeOf(entry: TJournalEntry): NonNullable<TJournalEntry['outcome']> {
    const printed =
      !entry.outcome &&
      entry.parts.length === entry.job.documents.length &&
      entry.parts.every((p) => p.final === 'completed');
    return {
      outcome: printed ? 'printed' : 'failed',
      impressions: this.impressionsOf(entry),
      documentsCompleted: this.documentsCompleted(entry),
      ...(printed ? {} : { reason: this.failureReason(entry) }),
    };
  }

  private failureReason(entry: TJournalEntry): string {
    if (entry.outcome?.reason) return entry.outcome.reason;
    if (entry.withdrawn) return 'withdrawn by the server: cancelled at the printer';
    return entry.stopReason ?? 'the printer aborted the job';
  }

  /**
   * Faces the printer counted, or null when it does not count them (some printers, like
   * ippeveprinter, report 0 impressions for a completed job): the server then counts the faces of
   * the documents the printer completed.
   */
  private impressionsOf(entry: TJournalEntry): number | null {
    let sum = 0;
    for (const part of entry.parts) {
      const counted = part.impressions ?? null;
      if (part.final === 'completed' && !counted) return null;
      sum += counted ?? 0;
    }
    return sum;
  }

  private documentsCompleted(entry: TJournalEntry): number {
    let n = 0;
    for (const part of entry.parts) {
      if (part.final !== 'completed') break;
      n += 1;
    }
    return n;
  }

  private sendFinished(entry: TJournalEntry): void {
    const { outcome } = entry;
    if (!outcome) return;
    this.send({
      type: 'job_finished',
      jobId: entry.job.jobId,
      ...(entry.job.release ? { release: entry.job.release } : {}),
      outcome: outcome.outcome,
      impressions: outcome.impressions,
      documentsCompleted: outcome.documentsCompleted,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    });
  }

  /**
   * Copies or scans made at the device, to count in the printer's statistics (and, for copies in
   * a device session, to charge to its person). Kept on disk and sent again after a
   * reconnection until the server acknowledges it; `acknowledged` settles with that answer.
   */
  reportUsage(usage: {
    kind: 'copy' | 'scan';
    colorPages: number;
    monoPages: number;
    userId?: number;
    sessionId?: number;
    /** The panel's own id for the report: a retry with the same id is the same report. */
    reportId?: string;
  }): { reportId: string; acknowledged: Promise<TUsageAck> } {
    const { reportId = randomUUID(), ...rest } = usage;
    const acknowledged = new Promise<TUsageAck>((resolve) => {
      const waiters = this.usageWaiters.get(reportId);
      if (waiters) waiters.push(resolve);
      else this.usageWaiters.set(reportId, [resolve]);
    });
    // Still waiting for its acknowledgement: a retry waits for the same answer, sends nothing new.
    // (Once acknowledged it is sent again and the server answers the earlier charge.)
    if (this.usageJournal.has(reportId)) return { reportId, acknowledged };
    const report: TUsageReport = { type: 'usage', reportId, ...rest };
    // Written before it is sent, so a restart in between cannot lose it.
    void this.usageJournal
      .add(report)
      .then((dropped) => {
        for (const old of dropped) {
          this.usageWaiters.delete(old.reportId);
          this.log.error('usage report dropped: too many unacknowledged', {
            reportId: old.reportId,
          });
        }
      })
      .catch((err: unknown) => this.logError('usage journal not written', err))
      .finally(() => this.send(report));
    return { reportId, acknowledged };
  }

  /** TDeviceLink: copies made in a device session (charged to its person). */
  reportCopies(copies: {
    sessionId: number;
    colorPages: number;
    monoPages: number;
    reportId?: string;
  }): {
    reportId: string;
    acknowledged: Promise<TUsageAck>;
  } {
    return this.reportUsage({ kind: 'copy', ...copies });
  }

  /**
   * TDeviceLink: asks the server to sign a person in at the device's panel with their ID and PIN.
   * Without a link to the server, or without an answer in `timeoutMs`, the answer is
   * `unavailable` (the panel says to try again later); nothing is queued, a PIN is never kept.
   */
  authorize(
    request: { uid: string; pin: string; action: TDeviceAction },
    timeoutMs: number,
  ): Promise<TDeviceAuthorization> {
    if (this.state !== 'online') return Promise.resolve({ ok: false, reason: 'unavailable' });
    const requestId = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.authorizations.delete(requestId);
        this.log.warn('no authorisation from the server in time', { requestId });
        resolve({ ok: false, reason: 'unavailable' });
      }, timeoutMs);
      this.authorizations.set(requestId, { resolve, timer });
      this.send({ type: 'authorize', requestId, ...request });
    });
  }

  /** TDeviceLink: the person signed out at the panel (told to the server when it is reachable). */
  endSession(sessionId: number): void {
    if (this.state === 'online' && this.socket?.readyState === WebSocket.OPEN)
      this.send({ type: 'session_end', sessionId });
    else this.endedSessions.add(sessionId);
  }

  async printerStatus(timeoutMs = 10_000): Promise<TAgentPrinterStatus> {
    try {
      const status = await Promise.race([
        this.ipp.getPrinter(),
        sleep(timeoutMs).then(() => {
          throw new Error('printer status timed out');
        }),
      ]);
      this.linkTroubleSeen = undefined;
      return fitStatus({
        state: status.state,
        reasons: status.reasons.slice(0, 50).map((r) => r.slice(0, 100)),
        inputTrays: status.inputTrays.slice(0, 20).map((t) => t.slice(0, 200)),
        supplies: status.supplies.slice(0, 50).map((s) => ({
          ...(s.type ? { type: s.type.slice(0, 64) } : {}),
          ...(s.color ? { color: s.color.slice(0, 64) } : {}),
          ...(s.level !== undefined
            ? { level: Math.max(-3, Math.min(100, Math.round(s.level))) }
            : {}),
          ...(s.description ? { description: s.description.slice(0, 200) } : {}),
        })),
        markers: status.markers.slice(0, 50).map((m) => ({
          name: m.name.slice(0, 100),
          level: Math.max(-3, Math.min(100, Math.round(m.level))),
          ...(m.color ? { color: m.color.slice(0, 64) } : {}),
        })),
        ...(status.makeAndModel ? { makeAndModel: status.makeAndModel.slice(0, 200) } : {}),
      });
    } catch (err) {
      const trouble = this.noteLinkTrouble(err);
      return {
        state: 'unreachable',
        reasons: trouble ? [trouble] : [],
        inputTrays: [],
        supplies: [],
        markers: [],
      };
    }
  }

  /**
   * Logs trouble reaching the printer that an operator must fix, once until it changes (the
   * status is asked every heartbeat); returns its printer-state-reason for the status report.
   */
  private noteLinkTrouble(err: unknown): string | undefined {
    const trouble = linkTrouble(err);
    if (trouble && this.linkTroubleSeen !== trouble.detail)
      this.log.error(`cannot print: ${trouble.detail}`, { printerUri: this.options.printerUri });
    this.linkTroubleSeen = trouble?.detail;
    return trouble?.reason;
  }
}

/** Keeps a status report small whatever the printer says (multi-byte text, many supplies). */
function fitStatus(status: TAgentPrinterStatus): TAgentPrinterStatus {
  const size = (s: TAgentPrinterStatus) => Buffer.byteLength(JSON.stringify(s));
  if (size(status) <= MAX_STATUS_BYTES) return status;
  const lean = {
    ...status,
    supplies: status.supplies.slice(0, 10),
    markers: status.markers.slice(0, 10),
  };
  if (size(lean) <= MAX_STATUS_BYTES) return lean;
  return {
    state: status.state,
    reasons: status.reasons.slice(0, 10),
    inputTrays: [],
    supplies: [],
    markers: [],
  };
}
