import {
  AGENT_CLOSE,
  AGENT_HEARTBEAT_MS,
  ZAgentMessage,
  type TAgentMessage,
  type TServerMessage,
} from '@printomat/shared';
import type { WebSocket } from 'ws';
import type { TAppContext } from '../../context';
import type { TBusEvent } from '../../realtime/event-bus';
import { OFFLINE_AFTER_MS } from '../printers/printers.service';
import {
  agentJob,
  identifyAgent,
  pendingAgentJobs,
  recordHeartbeat,
  recordJobFinished,
  recordJobStarted,
  recordUsage,
  type TAgentIdentity,
} from './agents.service';
import { authorizeDevice, endDeviceSession } from './device-sessions.service';

/** The agent must say hello this soon after connecting. */
const HELLO_TIMEOUT_MS = 10_000;
/** A link that has said nothing for two heartbeats and 5 s is dead (as the printer is offline). */
const SILENCE_LIMIT_MS = OFFLINE_AFTER_MS;
/** Messages waiting to be handled per link; an agent sending more is misbehaving. */
const MAX_PENDING_WORK = 200;
/** Heartbeats closer together than this are ignored (each one writes to the database). */
const MIN_HEARTBEAT_GAP_MS = 1_000;

/** Live agent links of this server process, one per printer. */
export class AgentLinks {
  private readonly byPrinter = new Map<number, AgentLink>();

  attach(printerId: number, link: AgentLink): void {
    const previous = this.byPrinter.get(printerId);
    this.byPrinter.set(printerId, link);
    if (previous && previous !== link) previous.close(AGENT_CLOSE.replaced, 'replaced');
  }

  detach(printerId: number, link: AgentLink): void {
    if (this.byPrinter.get(printerId) === link) this.byPrinter.delete(printerId);
  }

  count(): number {
    return this.byPrinter.size;
  }

  closeAll(): void {
    for (const link of this.byPrinter.values()) link.close(1001, 'server shutting down');
  }
}

/**
 * One agent's WebSocket. Messages are handled one at a time in arrival order, so a job's start
 * is recorded before its end. Jobs reach the agent when released (through the event bus, from
 * whichever server process released them) and again after every reconnection until they end.
 */
export class AgentLink {
  private identity: TAgentIdentity | undefined;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private pending = 0;
  private lastHeartbeat = 0;

  constructor(
    private readonly ctx: TAppContext,
    private readonly links: AgentLinks,
    private readonly socket: WebSocket,
    private readonly remoteAddress: string | null,
  ) {}

  start(): void {
    this.resetSilence(HELLO_TIMEOUT_MS);
    this.socket.on('message', (data, isBinary) => {
      if (isBinary) return this.close(AGENT_CLOSE.protocolError, 'text frames only');
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as ArrayBuffer).toString('utf8');
      this.queue = this.queue
        .then(() => this.handle(text))
        .catch((err: unknown) => {
          this.ctx.log.error({ err }, 'agent message failed');
          this.close(1011, 'internal error');
        });
    });
    this.socket.on('close', () => this.cleanup());
    this.socket.on('error', (err) => this.ctx.log.warn({ err }, 'agent socket error'));
  }

  /** Work for this link, done one piece at a time in order. */
  private enqueue(work: () => Promise<void>): void {
    this.pending += 1;
    this.queue = this.queue
      .then(work)
      .catch((err: unknown) => {
        this.ctx.log.error({ err }, 'agent link work failed');
        this.close(1011, 'internal error');
      })
      .finally(() => {
        this.pending -= 1;
      });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.cleanup();
    this.socket.close(code, reason);
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.silenceTimer);
    this.unsubscribe?.();
    if (this.identity?.kind === 'printer') this.links.detach(this.identity.printer.id, this);
  }

  private resetSilence(ms = SILENCE_LIMIT_MS): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => this.close(4408, 'silent too long'), ms);
    this.silenceTimer.unref();
  }

  private send(message: TServerMessage): void {
    if (!this.closed) this.socket.send(JSON.stringify(message));
  }

  private async handle(text: string): Promise<void> {
    if (this.closed) return;
    let message: TAgentMessage;
    try {
      message = ZAgentMessage.parse(JSON.parse(text));
    } catch {
      this.ctx.log.warn({ remoteAddress: this.remoteAddress }, 'unreadable agent message');
      return this.close(AGENT_CLOSE.protocolError, 'unreadable message');
    }
    this.resetSilence();
    if (message.type === 'hello') return this.hello(message);
    const identity = this.identity;
    if (!identity) return this.close(AGENT_CLOSE.protocolError, 'hello first');
    if (message.type === 'heartbeat') {
      const now = Date.now();
      if (now - this.lastHeartbeat < MIN_HEARTBEAT_GAP_MS) return;
      this.lastHeartbeat = now;
      return recordHeartbeat(this.ctx, identity, message.printer);
    }
    if (identity.kind !== 'printer') {
      // A detected printer only reports its state; its panel is told no one can sign in there.
      if (message.type === 'authorize')
        this.send({
          type: 'authorization',
          requestId: message.requestId,
          result: { ok: false, reason: 'unavailable' },
        });
      return;
    }
    const printerId = identity.printer.id;
    switch (message.type) {
      case 'job_received':
        return;
      case 'job_refresh': {
        const job = await agentJob(this.ctx, printerId, message.jobId);
        return this.send(
          job ? { type: 'job', job } : { type: 'job_cancelled', jobId: message.jobId },
        );
      }
      case 'job_started':
        return recordJobStarted(this.ctx, printerId, message.jobId, message.release);
      case 'job_finished':
        await recordJobFinished(this.ctx, printerId, message);
        return this.send({
          type: 'finished_ack',
          jobId: message.jobId,
          ...(message.release ? { release: message.release } : {}),
        });
      case 'usage': {
        const charge = await recordUsage(this.ctx, printerId, message);
        return this.send({ type: 'usage_ack', reportId: message.reportId, ...charge });
      }
      case 'authorize': {
        const result = await authorizeDevice(this.ctx, printerId, message);
        return this.send({ type: 'authorization', requestId: message.requestId, result });
      }
      case 'session_end':
        return endDeviceSession(this.ctx, printerId, message.sessionId);
    }
  }

  private async hello(message: Extract<TAgentMessage, { type: 'hello' }>): Promise<void> {
    if (this.identity) return this.close(AGENT_CLOSE.protocolError, 'hello twice');
    const identity = await identifyAgent(this.ctx, message, this.remoteAddress);
    // The socket may have closed while we asked the database: then there is nothing to set up.
    if (this.closed) return;
    if (identity.kind === 'refused') {
      this.ctx.log.warn(
        { minionId: message.minionId, remoteAddress: this.remoteAddress, reason: identity.reason },
        'agent refused',
      );
      return this.close(AGENT_CLOSE.unauthorized, 'unauthorized');
    }
    this.identity = identity;
    if (identity.kind === 'detected') {
      this.unsubscribe = this.ctx.events.subscribe(`minion:${identity.minionId}`, (event) => {
        if (event.kind === 'printer_registered') this.close(AGENT_CLOSE.registered, 'registered');
      });
      return this.send({ type: 'detected', heartbeatMs: AGENT_HEARTBEAT_MS });
    }
    const printer = identity.printer;
    this.links.attach(printer.id, this);
    // Subscribe before reading the pending jobs, so a release in between is not missed.
    const unsubscribePrinter = this.ctx.events.subscribe(`printer:${printer.id}`, (event) =>
      this.onPrinterEvent(printer.id, event),
    );
    // After the bus lost its connection (PostgreSQL restart), pushes may have been missed.
    const unsubscribeResync = this.ctx.events.onResync(() =>
      this.onPrinterEvent(printer.id, { kind: 'resync' }),
    );
    this.unsubscribe = () => {
      unsubscribePrinter();
      unsubscribeResync();
    };
    this.send({
      type: 'welcome',
      printerId: printer.id,
      name: printer.name,
      heartbeatMs: AGENT_HEARTBEAT_MS,
    });
    for (const job of await pendingAgentJobs(this.ctx, printer.id)) this.send({ type: 'job', job });
  }

  private onPrinterEvent(printerId: number, event: TBusEvent | { kind: 'resync' }): void {
    if (this.closed) return;
    if (this.pending >= MAX_PENDING_WORK) return this.close(4429, 'too much at once');
    if (event.kind === 'resync') {
      this.enqueue(async () => {
        for (const job of await pendingAgentJobs(this.ctx, printerId))
          this.send({ type: 'job', job });
      });
    } else if (event.kind === 'printer_credentials_changed') {
      this.close(AGENT_CLOSE.unauthorized, 'credentials changed');
    } else if (event.kind === 'job_released') {
      this.enqueue(async () => {
        const job = await agentJob(this.ctx, printerId, event.jobId);
        if (job) this.send({ type: 'job', job });
      });
    } else if (event.kind === 'job_cancelled') {
      this.send({ type: 'job_cancelled', jobId: event.jobId });
    }
  }
}
