// The load benchmark's clients, run in child processes (forked by load.bench.ts) so the load
// generator has its own event loop: printer agents on the WebSocket protocol, or signed-in
// people polling their current job. Latencies are kept only while the parent says it measures.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  AGENT_PROTOCOL_VERSION,
  type TAgentMessage,
  type TAgentPrinterStatus,
  type TServerMessage,
} from '@printomat/shared';

/** A job id no job has: `job_refresh` for it is answered `job_cancelled` (the heartbeat probe). */
export const PROBE_JOB_ID = 2_000_000_000;
const REQUEST_TIMEOUT_MS = 10_000;

export type TClientCommand =
  | {
      type: 'agents';
      url: string;
      agents: { minionId: string; secret: string }[];
      /** Hellos in flight at once while connecting. */
      concurrency: number;
    }
  | { type: 'people'; url: string; tokens: string[]; pollMs: number; sockets: number }
  | { type: 'measure'; on: boolean }
  | { type: 'report' }
  | { type: 'stop' };

export interface TClientReport {
  kind: 'agents' | 'people';
  /** Poll latencies, or heartbeat round trips (heartbeat + probe answered in order), in ms. */
  latencies: number[];
  /** When each of `latencies` was sent, ms after measuring began. */
  sentAt: number[];
  sent: number;
  /** people: answers 200 and 304. */
  statuses: Record<string, number>;
  errors: Record<string, number>;
  errorsBefore: Record<string, number>;
  /** The generator's own event-loop delay while measuring (ms): high means it starved. */
  loopDelayP99: number;
  measuredMs: number;
  /** CPU time this generator process used while measuring (ms). */
  cpuMs: number;
}

export type TClientEvent =
  | { type: 'connected'; connected: number; failed: number; ms: number }
  | { type: 'polling' }
  /** Every person of this process has had an answer (their job exists, they hold its ETag). */
  | { type: 'warm' }
  | { type: 'job'; jobId: number; at: number }
  | { type: 'report'; report: TClientReport };

const wallClock = () => performance.timeOrigin + performance.now();
const send = (event: TClientEvent) => process.send?.(event);

let measuring = false;
let measureStarted = 0;
let measuredMs = 0;
let cpuAtStart = process.cpuUsage();
let cpuMs = 0;
const latencies: number[] = [];
const sentAtList: number[] = [];

function record(sentAt: number): void {
  latencies.push(performance.now() - sentAt);
  sentAtList.push(sentAt - measureStarted);
}
const errors: Record<string, number> = {};
const errorsBefore: Record<string, number> = {};
const statuses: Record<string, number> = {};
/** Heartbeats or polls sent while measuring. */
let sent = 0;
let kind: 'agents' | 'people' = 'people';
let stopping = false;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const stops: (() => void)[] = [];

/** Errors while measuring, and before it (connecting, the first round of polls). */
function countError(what: string): void {
  if (stopping) return;
  const into = measuring ? errors : errorsBefore;
  into[what] = (into[what] ?? 0) + 1;
}

/** A printer that is fine: idle, paper in, toner well above any warning. */
const PRINTER: TAgentPrinterStatus = {
  state: 'idle',
  reasons: ['none'],
  inputTrays: [
    'type=sheetFeedAutoNonRemovableTray;mediafeed=0;mediaxfeed=0;maxcapacity=250;level=200;status=0;name=Tray 1;',
  ],
  supplies: [{ type: 'toner', color: '#000000', level: 80, description: 'Black Toner' }],
  markers: [{ name: 'Black Toner', level: 80, color: '#000000' }],
  makeAndModel: 'Load Bench Laser',
};

class SimulatedAgent {
  private socket: WebSocket | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private probeSentAt = 0;

  constructor(
    private readonly url: string,
    private readonly minionId: string,
    private readonly secret: string,
    /** When in each heartbeat period this agent beats (spreads them evenly). */
    private readonly offsetFraction: number,
  ) {}

  /** Resolves true once welcomed, false if refused or failed. */
  connect(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`${this.url.replace(/^http/, 'ws')}/agent/ws`, {
        handshakeTimeout: REQUEST_TIMEOUT_MS,
      });
      this.socket = socket;
      let welcomed = false;
      socket.on('open', () =>
        this.send({
          type: 'hello',
          protocol: AGENT_PROTOCOL_VERSION,
          minionId: this.minionId,
          secret: this.secret,
          agentVersion: 'load-bench',
          printer: PRINTER,
        }),
      );
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as TServerMessage;
        if (message.type === 'welcome') {
          welcomed = true;
          this.startHeartbeat(message.heartbeatMs);
          resolve(true);
        } else if (message.type === 'detected') {
          // The secret or minion id was not recognised: a setup error, not load.
          countError('agent not recognised (detected printer)');
          socket.close();
        } else this.onMessage(message);
      });
      socket.on('error', (err) => countError(`agent socket: ${err.message.slice(0, 60)}`));
      socket.on('close', (code) => {
        clearTimeout(this.heartbeat);
        this.probeSentAt = 0;
        if (!welcomed) return resolve(false);
        if (stopping) return;
        countError(`agent link closed (${code})`);
        setTimeout(() => void this.connect(), 1_000);
      });
    });
  }

  close(): void {
    clearTimeout(this.heartbeat);
    this.socket?.close();
  }

  private send(message: TAgentMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private startHeartbeat(periodMs: number): void {
    const beat = () => {
      if (this.probeSentAt !== 0) countError('heartbeat unanswered for a whole period');
      this.send({ type: 'heartbeat', printer: PRINTER });
      // Handled in order after the heartbeat: its answer says the heartbeat was recorded.
      this.send({ type: 'job_refresh', jobId: PROBE_JOB_ID });
      this.probeSentAt = performance.now();
      if (measuring) sent += 1;
      this.heartbeat = setTimeout(beat, periodMs);
    };
    this.heartbeat = setTimeout(beat, this.offsetFraction * periodMs);
  }

  private onMessage(message: TServerMessage): void {
    if (message.type === 'job_cancelled' && message.jobId === PROBE_JOB_ID) {
      if (this.probeSentAt === 0) return;
      if (measuring) record(this.probeSentAt);
      this.probeSentAt = 0;
    } else if (message.type === 'job') {
      const { job } = message;
      send({ type: 'job', jobId: job.jobId, at: wallClock() });
      // As the agent does: receipt, start, end.
      const release = job.release ? { release: job.release } : {};
      this.send({ type: 'job_received', jobId: job.jobId });
      this.send({ type: 'job_started', jobId: job.jobId, ...release });
      // It downloads nothing, so it reports nothing printed (a job reported printed that was
      // never downloaded is flagged for an admin): the job ends, its pages go back.
      this.send({
        type: 'job_finished',
        jobId: job.jobId,
        ...release,
        outcome: 'failed',
        impressions: 0,
        documentsCompleted: 0,
        reason: 'load benchmark: not printed',
      });
    }
  }
}

async function runAgents(command: Extract<TClientCommand, { type: 'agents' }>): Promise<void> {
  const started = performance.now();
  const agents = command.agents.map(
    (a, i) => new SimulatedAgent(command.url, a.minionId, a.secret, i / command.agents.length),
  );
  stops.push(() => agents.forEach((a) => a.close()));
  let next = 0;
  let connected = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: command.concurrency }, async () => {
      while (next < agents.length) {
        const agent = agents[next++];
        if (agent && (await agent.connect())) connected += 1;
        else failed += 1;
      }
    }),
  );
  send({ type: 'connected', connected, failed, ms: performance.now() - started });
}

function runPeople(command: Extract<TClientCommand, { type: 'people' }>): void {
  const { hostname, port } = new URL(command.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: command.sockets });
  const start = performance.now() + 100;
  const timers = new Set<NodeJS.Timeout>();
  let answeredOnce = 0;
  stops.push(() => {
    timers.forEach((t) => clearTimeout(t));
    agent.destroy();
  });
  command.tokens.forEach((token, i) => {
    const cookie = `sid=${token}`;
    let etag: string | undefined;
    let answered = false;
    let busy = false;
    let due = start + (i / command.tokens.length) * command.pollMs;
    const poll = () => {
      timers.delete(timer);
      due += command.pollMs;
      timer = setTimeout(poll, Math.max(0, due - performance.now()));
      timers.add(timer);
      if (busy) return countError('poll skipped: the previous one was still unanswered');
      busy = true;
      if (measuring) sent += 1;
      const sentAt = performance.now();
      const inWindow = measuring;
      const headers: http.OutgoingHttpHeaders = { cookie, accept: 'application/json' };
      if (etag) headers['if-none-match'] = etag;
      const req = http.request(
        { hostname, port, path: '/ajax/printjobs/current', agent, headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            busy = false;
            const status = res.statusCode ?? 0;
            if (status === 200) {
              const tag = res.headers.etag;
              if (tag) etag = tag;
            }
            if (status !== 200 && status !== 304) return countError(`HTTP ${status}`);
            if (!answered) {
              answered = true;
              answeredOnce += 1;
              if (answeredOnce === command.tokens.length) send({ type: 'warm' });
            }
            if (inWindow && measuring) {
              record(sentAt);
              statuses[status] = (statuses[status] ?? 0) + 1;
            }
          });
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
      req.on('error', (err) => {
        busy = false;
        countError(`poll: ${err.message.slice(0, 60)}`);
      });
      req.end();
    };
    let timer = setTimeout(poll, Math.max(0, due - performance.now()));
    timers.add(timer);
  });
  send({ type: 'polling' });
}

// The benchmark ended (or died): so do its clients.
process.on('disconnect', () => process.exit(0));
process.on('message', (command: TClientCommand) => {
  switch (command.type) {
    case 'agents':
      kind = 'agents';
      void runAgents(command);
      return;
    case 'people':
      kind = 'people';
      runPeople(command);
      return;
    case 'measure':
      measuring = command.on;
      if (command.on) {
        measureStarted = performance.now();
        cpuAtStart = process.cpuUsage();
        loopDelay.reset();
        loopDelay.enable();
      } else {
        measuredMs += performance.now() - measureStarted;
        {
          const used = process.cpuUsage(cpuAtStart);
          cpuMs += (used.user + used.system) / 1000;
        }
        loopDelay.disable();
      }
      return;
    case 'report':
      send({
        type: 'report',
        report: {
          kind,
          latencies,
          sentAt: sentAtList,
          sent,
          statuses,
          errors,
          errorsBefore,
          loopDelayP99: loopDelay.percentile(99) / 1e6,
          measuredMs,
          cpuMs,
        },
      });
      return;
    case 'stop':
      stopping = true;
      for (const stop of stops) stop();
      setTimeout(() => process.exit(0), 200);
      return;
  }
});
