// Upload -> price shown: the time from sending a file to having its page count and price back,
// over real HTTP on loopback, with the Office converter already warm. Targets (QUALITY.md):
// a 20-page PDF under 0.5 s, a 13-page DOCX under 1 s. Reported as p50/p95 and as a ratio to target.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makePdf } from '../test/helpers/fixtures';
import { benchPerson, percentile, startBenchServer } from './bench-helpers';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

async function makeDocx(dir: string, pages: number): Promise<Buffer> {
  const paragraphs = Array.from(
    { length: pages },
    (_, i) =>
      `<h1${i ? ' style="page-break-before: always"' : ''}>Chapter ${i + 1}</h1>` +
      Array.from(
        { length: 12 },
        () =>
          '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>',
      ).join(''),
  ).join('');
  await fs.writeFile(path.join(dir, 'bench.html'), `<html><body>${paragraphs}</body></html>`);
  execFileSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${dir}/profile`,
      '--convert-to',
      'docx:MS Word 2007 XML',
      '--outdir',
      dir,
      path.join(dir, 'bench.html'),
    ],
    { stdio: 'ignore' },
  );
  return fs.readFile(path.join(dir, 'bench.docx'));
}

const server = await startBenchServer();
const { ctx, dataDir } = server;

try {
  const { call } = await benchPerson(ctx, server.base);

  const uploadTimes = async (
    name: string,
    content: Buffer,
    expectedPages: number,
  ): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const form = new FormData();
      form.set('file', new Blob([content]), name);
      const started = performance.now();
      const res = await call('/ajax/documents/upload', { method: 'POST', body: form });
      const doc = (await res.json()) as { id: number; page_count: number | null };
      times.push(performance.now() - started);
      if (doc.page_count !== expectedPages)
        throw new Error(`${name}: expected ${expectedPages} pages, got ${doc.page_count}`);
      await call(`/ajax/documents/${doc.id}/remove`);
    }
    return times.sort((a, b) => a - b);
  };

  const pdf = await makePdf(20, [4, 9, 15]);
  const docx = await makeDocx(dataDir, 13);
  await ctx.officeConverter.warmUp();
  await uploadTimes('warm-up.docx', docx, 13);

  const rows = [
    { name: '20-page PDF', target: 500, times: await uploadTimes('bench.pdf', pdf, 20) },
    {
      name: '13-page DOCX (warm converter)',
      target: 1000,
      times: await uploadTimes('bench.docx', docx, 13),
    },
  ];
  console.log(`upload -> price, ${RUNS} runs each, ${os.cpus().length} cores`);
  for (const row of rows) {
    const p50 = percentile(row.times, 50);
    const p95 = percentile(row.times, 95);
    console.log(
      `${row.name.padEnd(32)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  target ${row.target} ms  p95/target ${(p95 / row.target).toFixed(2)}`,
    );
  }
} finally {
  await server.close();
}
