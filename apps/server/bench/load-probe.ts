// Loaded into each server process of the load benchmark (`--import` through NODE_OPTIONS, as a
// data: URL, so the production bundle needs no TypeScript loader and its worker threads load
// nothing they cannot): answers its memory on a Unix socket `<LOAD_PROBE_DIR>/<pid>.sock`, after
// two full collections when asked `gc`, so the benchmark can tell what the server retains per
// agent link and per person; also its CPU time and its event-loop delay since the previous
// question. Changes nothing else in the server; in a worker thread or without LOAD_PROBE_DIR it
// does nothing.

export interface TProbeAnswer {
  pid: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** What the process holds in JS: heap plus native buffers (sockets' buffers are counted here). */
  retained: number;
  /** CPU time used so far (user + system), in ms. */
  cpuMs: number;
  /** The event loop's delay since the previous question (ms). */
  loopDelayP99: number;
  loopDelayMax: number;
}

/** The probe itself: plain JavaScript (an ES module importing only Node's own modules). */
const PROBE_SOURCE = `
import net from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.LOAD_PROBE_DIR;
if (dir && isMainThread) {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.once('data', (request) => {
      if (request.trim() === 'gc') {
        gc();
        gc();
      }
      const m = process.memoryUsage();
      const cpu = process.cpuUsage();
      const answer = {
        pid: process.pid,
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        retained: m.heapUsed + m.external,
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        loopDelayMax: loopDelay.max / 1e6,
      };
      loopDelay.reset();
      socket.end(JSON.stringify(answer));
    });
  });
  server.listen(path.join(dir, process.pid + '.sock'));
  server.unref();
}
`;

/** The NODE_OPTIONS flag that loads the probe (a base64 data: URL: no spaces, no quoting). */
export function probeImportFlag(): string {
  return `--import=data:text/javascript;base64,${Buffer.from(PROBE_SOURCE).toString('base64')}`;
}
