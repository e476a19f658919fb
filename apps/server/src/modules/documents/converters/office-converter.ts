import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants as fsConstants, readdirSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export type TConversionFailure = 'timeout' | 'password_protected' | 'corrupt' | 'unavailable';

export class ConversionError extends Error {
  override readonly name = 'ConversionError';

  constructor(
    readonly reason: TConversionFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface TOfficeConverter {
  /** Converts inputPath (any supported Office/text file) to a PDF at outputPath. One document at a time per worker; calls queue. */
  convert(inputPath: string, outputPath: string): Promise<void>;
  /** Starts LibreOffice now so the first conversion is warm (optional to call). */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

interface TLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface TOfficeConverterOptions {
  /** A directory we own: profiles and temp files go under it. */
  workDir: string;
  /** Per conversion, default 60_000. */
  timeoutMs?: number;
  /** Restart soffice when its RSS exceeds this after a conversion, default 1024. */
  maxMemoryMb?: number;
  /** Default 'soffice'. */
  sofficePath?: string;
  /** Default '/usr/bin/python3': the system Python, the one with the `uno` module. */
  pythonPath?: string;
  /**
   * Default 'unshare' (util-linux): runs LibreOffice in a network namespace of its own. Without
   * a working one the converter refuses to start LibreOffice at all.
   */
  unsharePath?: string;
  log?: TLog;
}

/** The UNO helper, shipped next to this module and run with the system Python. */
const BRIDGE_SCRIPT = fileURLToPath(new URL('./office-bridge.py', import.meta.url));
/** Starting LibreOffice with a fresh profile takes 1-2 s; allow for a very busy machine. */
const STARTUP_TIMEOUT_MS = 45_000;
/** How long the helper gets to take LibreOffice down before its process group is killed. */
const HELPER_EXIT_MS = 3_000;
/** LibreOffice's UNO pipes are sockets in /tmp (hard-coded there), named OSL_PIPE_<uid>_<name>. */
const OSL_PIPE_DIR = '/tmp';

const noopLog: TLog = { info: () => undefined, warn: () => undefined };

type TBridgeMessage =
  | { ready: true; sofficePid?: number; pipes?: string[] }
  | { ready: false; message?: string }
  | { id: number; started: true }
  | { id: number; ok: true }
  | { id: number; ok: false; reason?: string; message?: string };

type TReply = { ok: true } | { ok: false; reason: TConversionFailure; message: string };

/** The bridge process ended while a request was outstanding. */
class BridgeGone extends Error {
  constructor(
    message: string,
    /** Whether the helper had begun on the document (else LibreOffice was already gone). */
    readonly started: boolean,
  ) {
    super(message);
  }
}

/**
 * One `/usr/bin/python3 office-bridge.py` process and the soffice it started, all in one process
 * group led by the helper (spawned detached), so that one signal ends them all.
 */
class Bridge {
  readonly pid: number;
  readonly exited: Promise<void>;
  private readonly stderrTail: string[] = [];
  private pending:
    | {
        id: number;
        started: boolean;
        resolve: (reply: TReply) => void;
        reject: (err: Error) => void;
      }
    | undefined;
  private nextId = 1;
  private alive = true;
  private killed = false;
  private pipes: string[] = [];
  private onReady: ((message: TBridgeMessage | undefined) => void) | undefined;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly profileDir: string,
  ) {
    if (child.pid === undefined) throw new Error('bridge has no pid');
    this.pid = child.pid;
    this.exited = new Promise((resolve) => {
      child.once('exit', () => {
        this.alive = false;
        // Whatever the helper left behind in its group (oosplash, soffice.bin) goes with it.
        this.signalGroup('SIGKILL');
        this.onReady?.(undefined);
        this.pending?.reject(new BridgeGone(this.describeExit(), this.pending.started));
        this.pending = undefined;
        resolve();
      });
    });
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    createInterface({ input: child.stderr }).on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > 20) this.stderrTail.shift();
    });
    // Writing to a helper that just died must not crash the server.
    child.stdin.on('error', () => undefined);
  }

  static async start(options: {
    command: string;
    args: string[];
    profileDir: string;
    env: NodeJS.ProcessEnv;
  }): Promise<Bridge> {
    const child = spawn(options.command, options.args, {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env,
    });
    const spawnError = await new Promise<Error | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined));
      child.once('error', (err) => resolve(err));
    });
    if (spawnError) {
      throw new ConversionError(
        'unavailable',
        `cannot start ${options.command}: ${spawnError.message}`,
      );
    }
    const bridge = new Bridge(child, options.profileDir);
    liveBridges.add(bridge);
    installExitHook();
    const ready = await new Promise<TBridgeMessage | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), STARTUP_TIMEOUT_MS);
      bridge.onReady = (message) => {
        clearTimeout(timer);
        bridge.onReady = undefined;
        resolve(message);
      };
    });
    if (ready && 'ready' in ready && ready.ready) {
      bridge.pipes = ready.pipes ?? [];
      bridge.setRef(false);
      return bridge;
    }
    const detail =
      ready && 'ready' in ready && !ready.ready
        ? (ready.message ?? 'unknown error')
        : bridge.alive
          ? `no answer within ${STARTUP_TIMEOUT_MS} ms`
          : bridge.describeExit();
    await bridge.kill();
    throw new ConversionError('unavailable', `LibreOffice did not start: ${detail}`);
  }

  get isAlive(): boolean {
    return this.alive;
  }

  convert(input: string, output: string): Promise<TReply> {
    if (!this.alive) return Promise.reject(new BridgeGone('LibreOffice is not running', false));
    const id = this.nextId++;
    return new Promise<TReply>((resolve, reject) => {
      this.pending = { id, started: false, resolve, reject };
      this.setRef(true);
      this.child.stdin.write(`${JSON.stringify({ id, input, output })}\n`);
    }).finally(() => {
      this.pending = undefined;
      if (this.alive) this.setRef(false);
    });
  }

  /** Resident memory of soffice (every process of the group but the helper), in MB. */
  async rssMb(): Promise<number> {
    let kb = 0;
    for (const pid of await descendants(this.pid)) {
      try {
        const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
        const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
        if (match?.[1]) kb += Number(match[1]);
      } catch {
        // Gone meanwhile.
      }
    }
    return kb / 1024;
  }

  /**
   * Ends everything and waits until it is gone. Closing stdin makes the helper kill LibreOffice
   * (reaping it, so no zombies are left for init), remove the profile and LibreOffice's sockets
   * in /tmp, and exit, even in the middle of a conversion. A helper that does not manage that
   * in time is killed with its whole process group.
   */
  async kill(): Promise<void> {
    this.killed = true;
    if (this.alive) {
      this.setRef(true);
      this.child.stdin.end();
      const timer = setTimeout(() => this.signalGroup('SIGKILL'), HELPER_EXIT_MS);
      await this.exited;
      clearTimeout(timer);
    }
    await this.waitForGroupToVanish();
    await this.cleanUp();
  }

  /** Synchronous last resort when the Node process exits without close(). */
  killNow(): void {
    this.killed = true;
    this.signalGroup('SIGKILL');
    try {
      for (const entry of oslPipesOf(readdirSync(OSL_PIPE_DIR), this.pipes)) {
        rmSync(path.join(OSL_PIPE_DIR, entry), { force: true });
      }
      rmSync(this.profileDir, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // Best effort: the process is exiting.
    }
  }

  describeExit(): string {
    const code = this.child.exitCode;
    const signal = this.child.signalCode;
    const status = signal ? `signal ${signal}` : `status ${code ?? '?'}`;
    const tail = this.stderrTail.filter((line) => !line.includes('javaldx')).slice(-3);
    return `the LibreOffice bridge exited with ${status}${tail.length ? ` (${tail.join(' | ')})` : ''}`;
  }

  get wasKilled(): boolean {
    return this.killed;
  }

  private onLine(line: string): void {
    let message: TBridgeMessage;
    try {
      message = JSON.parse(line) as TBridgeMessage;
    } catch {
      return;
    }
    if ('ready' in message) {
      this.onReady?.(message);
      return;
    }
    const pending = this.pending;
    if (!pending || message.id !== pending.id) return;
    if ('started' in message) pending.started = true;
    else if (message.ok) pending.resolve({ ok: true });
    else {
      pending.resolve({
        ok: false,
        reason: message.reason === 'password_protected' ? 'password_protected' : 'corrupt',
        message: message.message ?? 'LibreOffice cannot convert the document',
      });
    }
  }

  private signalGroup(signal: NodeJS.Signals | 0): boolean {
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  private async waitForGroupToVanish(): Promise<void> {
    // Killed grandchildren are reaped by init a moment later; wait for that (bounded).
    const deadline = Date.now() + 5_000;
    while (this.signalGroup(0) && Date.now() < deadline) {
      this.signalGroup('SIGKILL');
      await sleep(50);
    }
  }

  private async cleanUp(): Promise<void> {
    liveBridges.delete(this);
    await removeOslPipes(this.pipes);
    await fs.rm(this.profileDir, { recursive: true, force: true }).catch(() => undefined);
  }

  /** An idle warm LibreOffice must not keep the Node process alive (the exit hook ends it). */
  private setRef(ref: boolean): void {
    const handles = [
      this.child,
      this.child.stdin,
      this.child.stdout,
      this.child.stderr,
    ] as unknown as Array<Pick<Socket, 'ref' | 'unref'>>;
    for (const handle of handles) {
      if (ref) handle.ref();
      else handle.unref();
    }
  }
}

const liveBridges = new Set<Bridge>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const bridge of liveBridges) bridge.killNow();
  });
}

async function descendants(root: number): Promise<number[]> {
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    let children: string;
    try {
      children = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(/\s+/).filter(Boolean).map(Number)) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

async function removeOslPipes(names: string[]): Promise<void> {
  if (names.length === 0) return;
  let entries: string[];
  try {
    entries = await fs.readdir(OSL_PIPE_DIR);
  } catch {
    return;
  }
  await Promise.all(
    oslPipesOf(entries, names).map((entry) =>
      fs.rm(path.join(OSL_PIPE_DIR, entry), { force: true }).catch(() => undefined),
    ),
  );
}

function oslPipesOf(entries: string[], names: string[]): string[] {
  return entries.filter(
    (entry) => entry.startsWith('OSL_PIPE_') && names.some((name) => entry.endsWith(`_${name}`)),
  );
}

type TSandboxProbe = { ok: true } | { ok: false; cause: string };

/** Working sandboxes, per unshare command: probed once. Failures are probed again next time. */
const sandboxProbes = new Map<string, Promise<TSandboxProbe>>();

/**
 * Whether `unshare -rn` (a user + network namespace: no network at all, not even the host's
 * loopback) can be set up here, and if not, why. (A Python without uno is found out when the
 * bridge starts, and reported as such.)
 */
function probeNetworkSandbox(unsharePath: string): Promise<TSandboxProbe> {
  const key = unsharePath;
  const known = sandboxProbes.get(key);
  if (known) return known;
  const probe = new Promise<TSandboxProbe>((resolve) => {
    execFile(unsharePath, ['-rn', 'true'], { timeout: 10_000 }, (error, _stdout, stderr) => {
      if (!error) {
        resolve({ ok: true });
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      const said = String(stderr).trim().split('\n').slice(-2).join(' | ');
      resolve({
        ok: false,
        cause:
          code === 'ENOENT'
            ? `${unsharePath} is not installed`
            : `\`${unsharePath} -rn\` failed (${error.killed ? 'timed out' : `status ${error.code ?? '?'}`})${said ? `: ${said}` : ''}`,
      });
    });
  }).then((result) => {
    if (!result.ok) sandboxProbes.delete(key);
    return result;
  });
  sandboxProbes.set(key, probe);
  return probe;
}

function bridgeEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // A pyenv or virtualenv Python's settings must not leak into the system Python.
  for (const name of ['PYTHONPATH', 'PYTHONHOME', 'PYTHONSTARTUP', 'VIRTUAL_ENV']) delete env[name];
  return env;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.copyFile(from, to);
    await fs.rm(from, { force: true });
  }
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return 0;
  }
}

function sofficeAvailable(sofficePath: string): boolean {
  // A cheap check that saves starting Python when LibreOffice is simply not installed.
  const candidates = sofficePath.includes('/')
    ? [sofficePath]
    : (process.env.PATH ?? '').split(':').map((dir) => path.join(dir || '.', sofficePath));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Office documents to PDF with a LibreOffice kept warm between conversions and driven over UNO by
 * a small Python helper (office-bridge.py). One conversion at a time; calls queue in order.
 */
export function createOfficeConverter(options: TOfficeConverterOptions): TOfficeConverter {
  const workDir = path.resolve(options.workDir);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxMemoryMb = options.maxMemoryMb ?? 1024;
  const sofficePath = options.sofficePath ?? 'soffice';
  const pythonPath = options.pythonPath ?? '/usr/bin/python3';
  const unsharePath = options.unsharePath ?? 'unshare';
  const log = options.log ?? noopLog;
  const tmpDir = path.join(workDir, 'tmp');

  let closed = false;
  let current: Bridge | undefined;
  let starting: Promise<Bridge> | undefined;
  /** What was last logged about the network sandbox: logged again only when it changes. */
  let sandboxState: 'isolated' | 'refused' | undefined;
  const retiring = new Set<Promise<void>>();
  let tail: Promise<unknown> = Promise.resolve();

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  }

  function retire(bridge: Bridge): void {
    if (current === bridge) current = undefined;
    const done = bridge.kill().catch(() => undefined);
    retiring.add(done);
    void done.finally(() => retiring.delete(done));
  }

  async function startBridge(): Promise<Bridge> {
    if (!sofficeAvailable(sofficePath)) {
      throw new ConversionError('unavailable', `LibreOffice (${sofficePath}) is not installed`);
    }
    await fs.mkdir(tmpDir, { recursive: true });
    const profileDir = path.join(workDir, `profile-${randomUUID()}`);
    const pipe = `printomat-${process.pid}-${randomUUID().slice(0, 12)}`;
    const bridgeArgs = [
      '-I',
      '-B',
      BRIDGE_SCRIPT,
      '--soffice',
      sofficePath,
      '--profile',
      profileDir,
      '--pipe',
      pipe,
      '--startup-timeout',
      String((STARTUP_TIMEOUT_MS - 5_000) / 1000),
    ];
    // A document can make LibreOffice fetch URLs (linked images, background images, ...; the
    // profile blocks some of them, not all), so it never runs with the host network: without
    // the sandbox Office documents fail (and are retried) rather than reach the network.
    const sandbox = await probeNetworkSandbox(unsharePath);
    if (!sandbox.ok) {
      if (sandboxState !== 'refused') {
        sandboxState = 'refused';
        log.warn(
          { networkIsolation: 'unavailable', cause: sandbox.cause },
          `LibreOffice not started: no network sandbox (${sandbox.cause}); Office documents cannot be converted until \`unshare -rn\` works`,
        );
      }
      throw new ConversionError(
        'unavailable',
        `LibreOffice is not started without its network sandbox: ${sandbox.cause}`,
      );
    }
    if (sandboxState !== 'isolated') {
      sandboxState = 'isolated';
      log.info(
        { networkIsolation: 'unshare -rn' },
        'LibreOffice runs in its own network namespace (no network)',
      );
    }
    const started = performance.now();
    const bridge = await Bridge.start({
      command: unsharePath,
      args: ['-rn', pythonPath, ...bridgeArgs],
      profileDir,
      env: bridgeEnv(),
    });
    log.info(
      { pid: bridge.pid, startMs: Math.round(performance.now() - started) },
      'LibreOffice started',
    );
    void bridge.exited.then(() => {
      if (current === bridge) current = undefined;
      if (!bridge.wasKilled && !closed)
        log.warn({ pid: bridge.pid, detail: bridge.describeExit() }, 'LibreOffice exited');
      if (!bridge.wasKilled) retire(bridge);
    });
    return bridge;
  }

  function ensureBridge(): Promise<Bridge> {
    if (closed)
      return Promise.reject(new ConversionError('unavailable', 'the office converter is closed'));
    if (current?.isAlive) return Promise.resolve(current);
    starting ??= startBridge()
      .then((bridge) => {
        if (closed) {
          retire(bridge);
          throw new ConversionError('unavailable', 'the office converter is closed');
        }
        current = bridge;
        return bridge;
      })
      .finally(() => {
        starting = undefined;
      });
    return starting;
  }

  /** One try on one LibreOffice, bounded by timeoutMs. */
  async function attempt(bridge: Bridge, input: string, scratch: string): Promise<TReply> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        bridge.convert(input, scratch),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            retire(bridge);
            reject(new ConversionError('timeout', `conversion took longer than ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function convertNow(inputPath: string, outputPath: string): Promise<void> {
    const input = path.resolve(inputPath);
    const output = path.resolve(outputPath);
    const stat = await fs.stat(input).catch(() => undefined);
    if (!stat?.isFile()) throw new ConversionError('corrupt', 'the input file does not exist');
    const scratch = path.join(tmpDir, `${randomUUID()}.pdf`);
    const started = performance.now();
    let bridge = await ensureBridge();
    try {
      let reply: TReply;
      try {
        reply = await attempt(bridge, input, scratch);
      } catch (err) {
        // LibreOffice was already gone (died while idle) before this document reached it: that is
        // no fault of the document, so try once more on a fresh one.
        if (!(err instanceof BridgeGone) || err.started || closed) throw err;
        log.warn({ detail: err.message }, 'LibreOffice had stopped; starting it again');
        retire(bridge);
        bridge = await ensureBridge();
        reply = await attempt(bridge, input, scratch);
      }
      if (!reply.ok) throw new ConversionError(reply.reason, reply.message);
      if ((await fileSize(scratch)) === 0) {
        throw new ConversionError('corrupt', 'LibreOffice produced an empty PDF');
      }
      await moveFile(scratch, output);
      log.info(
        { file: path.basename(input), durationMs: Math.round(performance.now() - started) },
        'office document converted',
      );
    } catch (err) {
      if (err instanceof BridgeGone) {
        if (closed) throw new ConversionError('unavailable', 'the office converter was closed');
        if (!err.started) {
          throw new ConversionError('unavailable', `LibreOffice is not running: ${err.message}`);
        }
        log.warn(
          { file: path.basename(input), detail: err.message },
          'LibreOffice crashed during a conversion',
        );
        throw new ConversionError(
          'corrupt',
          `LibreOffice crashed while converting the document: ${err.message}`,
        );
      }
      throw err;
    } finally {
      await fs.rm(scratch, { force: true });
      if (bridge.isAlive && current === bridge) {
        const rss = await bridge.rssMb();
        if (rss > maxMemoryMb) {
          log.info(
            { rssMb: Math.round(rss), maxMemoryMb },
            'restarting LibreOffice: memory limit exceeded',
          );
          retire(bridge);
        }
      }
    }
  }

  return {
    convert(inputPath, outputPath) {
      return enqueue(() => convertNow(inputPath, outputPath));
    },

    async warmUp() {
      await ensureBridge();
    },

    async close() {
      closed = true;
      // A start under way sees `closed` and retires its bridge itself.
      await starting?.catch(() => undefined);
      if (current) retire(current);
      await tail;
      while (retiring.size > 0) await Promise.all([...retiring]);
      await fs.rm(tmpDir, { recursive: true, force: true });
    },
  };
}
