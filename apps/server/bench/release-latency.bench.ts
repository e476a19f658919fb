// Push: release -> the printer's agent has the job, over real HTTP and a real WebSocket on
// loopback (QUALITY.md: under 300 ms p95), and what one open live-status (SSE) or agent
// (WebSocket) connection costs the server in memory (at most 16 KB). Reported as ratios to target.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { seedDemoData } from '../src/seed/seed';
import { makePdf } from '../test/helpers/fixtures';
import { rawAgent } from '../test/helpers/raw-agent';
import { benchPerson, percentile, startBenchServer } from './bench-helpers';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 500);
const CODE = '418273';

const server = await startBenchServer();
const { ctx, base } = server;

/** Connects `count` clients of `kind` from a separate process, so their memory is not ours. */
async function openClients(kind: 'sse' | 'ws', count: number, cookie: string) {
  const script = `
    const http = require('node:http');
    const { WebSocket } = require('ws');
    const [kind, count, base, cookie] = process.argv.slice(1);
    let open = 0;
    const done = () => { if (++open === Number(count)) process.stdout.write('open\\n'); };
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    for (let i = 0; i < Number(count); i++) {
      if (kind === 'sse') {
        http.get(base + '/ajax/printjobs/events', { agent, headers: { cookie } }, (res) => { res.once('data', done); });
      } else {
        const ws = new WebSocket(base.replace('http', 'ws') + '/agent/ws');
        ws.on('open', () => { ws.send(JSON.stringify({ type: 'hello', protocol: 1, minionId: 'bench-' + i, secret: 'bench-secret-value-' + i, agentVersion: 'bench' })); });
        ws.once('message', done);
        ws.on('error', () => {});
      }
    }
  `;
  const child = spawn(process.execPath, ['-e', script, kind, String(count), base, cookie], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: process.cwd(),
  });
  await once(child.stdout, 'data');
  return child;
}

/** JS heap plus native buffers after a full collection (run with --expose-gc). */
function heapAndBuffers(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

try {
  await seedDemoData(ctx.db);
  const printer = await ctx.db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', CODE)
    .executeTakeFirstOrThrow();
  const { minionId, secret } = await issueAgentSecret(ctx, null, printer.id, 'bench-kiosk');

  // The agent: a WebSocket that reports every job printed at once.
  const link = await rawAgent(base, minionId, secret);
  await link.next('welcome');
  const arrivals = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  link.onMessage((message) => {
    if (message.type !== 'job') return;
    const { jobId } = message.job;
    arrivals.set(jobId, performance.now());
    waiting.get(jobId)?.();
    link.send({
      type: 'job_finished',
      jobId,
      outcome: 'printed',
      impressions: null,
      documentsCompleted: 1,
    });
  });

  const person = await benchPerson(ctx, base);
  const pdf = await makePdf(2);
  const latencies: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const form = new FormData();
    form.set('file', new Blob([pdf]), 'bench.pdf');
    await person.call('/ajax/documents/upload', { method: 'POST', body: form });
    const job = (await (await person.call('/ajax/printjobs/current')).json()) as { id: number };
    await person.json(`/ajax/printjobs/${job.id}/submit`, 'POST', { is_submitted: true });
    const arrived = new Promise<void>((resolve) => waiting.set(job.id, resolve));
    const started = performance.now();
    const res = await person.json(`/ajax/printjobs/${job.id}/print_with_code`, 'POST', {
      code: CODE,
    });
    if (res.status !== 200) throw new Error(`release failed: ${res.status} ${await res.text()}`);
    await arrived;
    // The first runs warm up the code paths.
    if (i >= 3) latencies.push((arrivals.get(job.id) as number) - started);
    // Wait for the printed report to free the person's next job.
    for (let tries = 0; tries < 200; tries++) {
      const current = (await (await person.call('/ajax/printjobs/current')).json()) as {
        id: number;
      };
      if (current.id !== job.id) break;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(`release -> agent has the job, ${RUNS} runs over loopback`);
  console.log(
    `${'push latency'.padEnd(32)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  target 300 ms  p95/target ${(p95 / 300).toFixed(2)}`,
  );
  link.close();

  for (const kind of ['sse', 'ws'] as const) {
    // Unregistered agents stay connected as detected printers, at most 200 of them.
    const count = kind === 'ws' ? Math.min(CONNECTIONS, 150) : CONNECTIONS;
    // One round first, so that code paths, pools and caches are warm and not counted.
    const warm = await openClients(kind, count, person.cookies());
    warm.kill();
    await once(warm, 'exit');
    await new Promise((r) => setTimeout(r, 500));
    const before = heapAndBuffers();
    const clients = await openClients(kind, count, person.cookies());
    await new Promise((r) => setTimeout(r, 300));
    const perConnection = (heapAndBuffers() - before) / count / 1024;
    clients.kill();
    await once(clients, 'exit');
    console.log(
      `${`${kind === 'sse' ? 'SSE' : 'agent WebSocket'} connection memory`.padEnd(32)} ${perConnection.toFixed(1).padStart(6)} KB each (${count} open)  target 16 KB  ratio ${(perConnection / 16).toFixed(2)}`,
    );
    await new Promise((r) => setTimeout(r, 500));
  }
} finally {
  await server.close();
}
