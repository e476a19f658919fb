import { spawn } from 'node:child_process';

export interface TToolResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
}

// Tools run at a lower scheduling priority than the HTTP process, so a burst of conversions
// and previews takes CPU left over by requests rather than competing with them.
const TOOL_NICENESS = '10';

/**
 * Runs an external tool on untrusted input: address-space and CPU limits (prlimit), lowered
 * priority (nice), a wall-clock timeout that kills it, and bounded output capture.
 */
export function runTool(
  command: string,
  args: string[],
  options: { timeoutMs: number; memoryBytes: number; maxStdoutBytes?: number; cwd?: string },
): Promise<TToolResult> {
  const cpuSeconds = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  const child = spawn(
    'nice',
    [
      '-n',
      TOOL_NICENESS,
      'prlimit',
      `--as=${options.memoryBytes}`,
      `--cpu=${cpuSeconds}`,
      '--',
      command,
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: options.cwd,
    },
  );
  const maxStdout = options.maxStdoutBytes ?? 64 * 1024 * 1024;
  const out: Buffer[] = [];
  let outBytes = 0;
  let stderr = '';
  let timedOut = false;
  child.stdout.on('data', (chunk: Buffer) => {
    outBytes += chunk.length;
    if (outBytes <= maxStdout) out.push(chunk);
    else child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 8192) stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr, timedOut });
    });
  });
}
