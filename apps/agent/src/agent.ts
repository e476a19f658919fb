import { randomUUID } from 'node:crypto';
import path from 'node:path';
import WebSocket from 'ws';
import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  ZServerMessage,
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
import { Journal, type TJournalEntry } from './journal.js';
import { RenderError, ghostscriptVersion } from './print/ghostscript.js';
import { planPrint } from './print/plan.js';
import { type PreparedDocument, prepareDocument } from './print/prepare.js';

export const AGENT_VERSION = '1.0.0';

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
  /** Where the journal of jobs is kept. */
  stateDir: string;
  log?: TAgentLog;
  /** Reconnection backoff bounds. */
  minReconnectMs?: number;
  maxReconnectMs?: number;
  /** How long to keep retrying a busy or unreachable printer before failing a job. */
  printerWaitMs?: number;
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ippJobName = (jobId: number, part: number) => `printomat-${jobId}-${part + 1}`;

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
export class PrinterAgent {
  readonly journal: Journal;
  private readonly ipp: IppClient;
  private readonly log: TAgentLog;
  private socket: WebSocket | undefined;
  private state: TState = 'stopped';
  private stopping = false;
  private attempt = 0;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly queued = new Set<number>();
  private readonly cancelled = new Set<number>();
  private runner: Promise<void> = Promise.resolve();
  private readonly stateListeners = new Set<(state: TState) => void>();
  private capabilities: { value: PrinterCapabilities; until: number } | undefined;
  printerId: number | undefined;

  constructor(private readonly options: TAgentOptions) {
    this.journal = new Journal(path.join(options.stateDir, 'journal.json'));
    this.ipp = createIppClient(options.printerUri);
    this.log = options.log ?? consoleLog;
  }

  get status(): TState {
    return this.state;
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
    this.stopping = false;
    this.connect();
  }

  /** Closes the link; a job being printed is left to the printer and resumed on next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
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
        // Reports the server has not acknowledged yet go out again.
        for (const entry of this.journal.entries())
          if (entry.outcome) this.sendFinished(entry.job.jobId, entry.outcome);
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
          .remove(message.jobId)
          .catch((err: unknown) => this.logError('journal not written', err));
        return;
      case 'usage_ack':
        return;
      case 'job_cancelled': {
        const entry = this.journal.get(message.jobId);
        // Withdrawn (an admin failed it) before any of it reached the printer: drop it, also
        // while waiting for an unreachable printer. A document the printer took finishes there.
        if (
          entry &&
          !entry.outcome &&
          entry.parts.every((p) => p.ippJobId === undefined && !p.final)
        ) {
          this.cancelled.add(message.jobId);
          this.log.info('job withdrawn by the server', { jobId: message.jobId });
          this.journal
            .remove(message.jobId)
            .catch((err: unknown) => this.logError('journal not written', err));
        }
        return;
      }
    }
  }

  /** A job (new, or delivered again): record it, then print it once, in arrival order. */
  private async accept(job: TAgentJob): Promise<void> {
    const known = this.journal.get(job.jobId);
    if (known?.outcome) return this.sendFinished(job.jobId, known.outcome);
    // A repeated delivery brings fresh download links; what was printed stays recorded.
    if (known) {
      known.job = job;
      await this.journal.save();
    } else {
      await this.journal.put({ job, parts: [], receivedAt: new Date().toISOString() });
    }
    this.cancelled.delete(job.jobId);
    if (this.queued.has(job.jobId)) return;
    this.queued.add(job.jobId);
    this.runner = this.runner
      .then(() => this.run(job.jobId))
      .catch((err: unknown) => {
        // Something temporary (network, printer, an expired link): ask the server for the job
        // again in a moment; it answers with fresh links if the job is still ours to print.
        this.logError('job interrupted; asking the server for it again', err, { jobId: job.jobId });
        const timer = setTimeout(
          () => this.send({ type: 'job_refresh', jobId: job.jobId }),
          this.options.retryJobMs ?? 5_000,
        );
        timer.unref();
      })
      .finally(() => this.queued.delete(job.jobId));
  }

  private logError(msg: string, err: unknown, details: Record<string, unknown> = {}): void {
    this.log.error(msg, { ...details, error: err instanceof Error ? err.message : String(err) });
  }

  private async run(jobId: number): Promise<void> {
    const entry = this.journal.get(jobId);
    if (!entry || entry.outcome || this.cancelled.has(jobId)) return;
    const { job } = entry;
    const user = `printomat-user-${job.userId}`;
    for (let i = 0; i < job.documents.length; i++) {
      const part = (entry.parts[i] ??= {});
      if (part.final) {
        if (part.final !== 'completed') break;
        continue;
      }
      if (part.ippJobId === undefined && part.submitting) {
        // Sent before a crash or a lost answer, or maybe not: the printer knows.
        const found = await this.ipp.findJobsByName(ippJobName(jobId, i), user);
        if (found.length > 0) part.ippJobId = Math.min(...found);
        else part.submitting = false;
        await this.journal.save();
      }
      if (part.ippJobId === undefined) {
        const submitted = await this.submit(entry, i);
        if (submitted === null) break;
      }
      if (i === 0) this.send({ type: 'job_started', jobId });
      const status = await this.follow(part.ippJobId as number);
      part.final = status.state;
      part.impressions = status.impressions;
      await this.journal.save();
      if (part.final !== 'completed') break;
    }
    entry.outcome = this.outcomeOf(entry);
    await this.journal.save();
    this.log.info('job ended', { jobId, ...entry.outcome });
    this.sendFinished(jobId, entry.outcome);
  }

  /**
   * Follows an IPP job to its end. Connection trouble while asking is retried until the job's
   * time limit; a job the printer no longer knows was accepted and has left its queue, which
   * printers do with finished jobs: it counts as completed, impressions unknown.
   */
  private async follow(
    ippJobId: number,
  ): Promise<{ state: 'completed' | 'aborted' | 'canceled'; impressions: number | null }> {
    const deadline = Date.now() + (this.options.jobTimeoutMs ?? 30 * 60_000);
    for (;;) {
      try {
        const status = await this.ipp.getJob(ippJobId);
        if (
          status.state === 'completed' ||
          status.state === 'aborted' ||
          status.state === 'canceled'
        )
          return { state: status.state, impressions: status.impressionsCompleted };
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
    const name = ippJobName(job.jobId, index);
    const user = `printomat-user-${job.userId}`;
    const deadline = Date.now() + (this.options.printerWaitMs ?? 5 * 60_000);
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
    try {
      for (;;) {
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
          if (this.cancelled.has(job.jobId)) throw new Error('job withdrawn by the server');
          const { jobId } = await this.ipp.printWhenIdle(
            prepared.data,
            { jobName: name, requestingUser: user, ...prepared.attrs },
            { timeoutMs: Math.max(1, deadline - Date.now()) },
          );
          part.ippJobId = jobId;
          part.submitting = false;
          await this.journal.save();
          return jobId;
        } catch (err) {
          const next = await this.afterSubmitError(err, { name, user, part, deadline, giveUp });
          if (next !== undefined) return next;
          // Nothing reached the printer: a job the server withdrew meanwhile stops here.
          if (this.cancelled.has(job.jobId))
            throw new Error('job withdrawn by the server', { cause: err });
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
      ...(printed ? {} : { reason: entry.outcome?.reason ?? 'the printer aborted the job' }),
    };
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

  private sendFinished(jobId: number, outcome: NonNullable<TJournalEntry['outcome']>): void {
    this.send({
      type: 'job_finished',
      jobId,
      outcome: outcome.outcome,
      impressions: outcome.impressions,
      documentsCompleted: outcome.documentsCompleted,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    });
  }

  /** Copies or scans made at the device, to count in the printer's statistics. */
  reportUsage(usage: {
    kind: 'copy' | 'scan';
    colorPages: number;
    monoPages: number;
    userId?: number;
  }): void {
    this.send({ type: 'usage', reportId: randomUUID(), ...usage });
  }

  async printerStatus(timeoutMs = 10_000): Promise<TAgentPrinterStatus> {
    try {
      const status = await Promise.race([
        this.ipp.getPrinter(),
        sleep(timeoutMs).then(() => {
          throw new Error('printer status timed out');
        }),
      ]);
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
    } catch {
      return { state: 'unreachable', reasons: [], inputTrays: [], supplies: [], markers: [] };
    }
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
