// Hostile files vs everyone else (issue 11): while two people upload, process and preview a
// 9,990 x 9,990 px PNG, a DOCX that unpacks to 48 MiB and a 40-page PDF of 14,400 pt pages
// (plus 8 parallel previews of those pages), how responsive is the HTTP process, and how long
// does a third person's 1-page PDF take from upload to priced?
// Goals: event-loop delay p99 < 20 ms and max < 100 ms; the 1-page PDF priced in < 2 s.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import pg from 'pg';
import { makePdf } from '../test/helpers/fixtures';
import { benchPerson, startBenchServer } from './bench-helpers';

const GOALS = { p99Ms: 20, maxMs: 100, pricedMs: 2000 };

/** A zip of stored-by-deflate entries (what a .docx is). */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A DOCX whose document.xml is 48 MiB of paragraphs but packs to a few hundred KB. */
function makeHugeDocx(): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const paragraph =
    '<w:p><w:r><w:t>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.</w:t></w:r></w:p>';
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>`;
  const tail = '</w:body></w:document>';
  const count = Math.floor((48 * 1024 * 1024 - head.length - tail.length) / paragraph.length);
  const documentXml = Buffer.from(head + paragraph.repeat(count) + tail);
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: 'word/document.xml', data: documentXml },
  ]);
}

/** 40 pages of 14,400 x 14,400 pt (200 inches square), each with shapes to render. */
async function makePosterPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const side = 14_400;
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([side, side]);
    page.drawRectangle({ x: side / 8, y: side / 8, width: side / 2, height: side / 3 });
    page.drawCircle({ x: side / 2, y: side / 2, size: side / 4, color: rgb(0.1, 0.3, 0.9) });
  }
  return Buffer.from(await doc.save());
}

const [png, docx, posters, onePage] = await Promise.all([
  sharp({
    create: { width: 9990, height: 9990, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png({ compressionLevel: 9 })
    .toBuffer(),
  Promise.resolve(makeHugeDocx()),
  makePosterPdf(40),
  makePdf(1),
]);

// On PGlite by default (`npm run bench`), whose queries run on the HTTP thread itself; with
// BENCH_DATABASE_URL (an admin URL of a PostgreSQL server) on a fresh database there instead.
const adminUrl = process.env.BENCH_DATABASE_URL;
const benchDb = `printomat_bench_${process.pid}`;
const withAdmin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
let databaseUrl: string | undefined;
if (adminUrl) {
  await withAdmin(`CREATE DATABASE ${benchDb}`);
  const url = new URL(adminUrl);
  url.pathname = `/${benchDb}`;
  databaseUrl = url.toString();
}
const server = await startBenchServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
const { ctx } = server;

type TDoc = {
  id: number;
  is_failed: boolean;
  failure_reason: string | null;
  page_count: number | null;
};
type TPerson = Awaited<ReturnType<typeof benchPerson>>;

async function upload(person: TPerson, name: string, content: Buffer): Promise<TDoc> {
  const form = new FormData();
  form.set('file', new Blob([content]), name);
  const res = await person.call('/ajax/documents/upload', { method: 'POST', body: form });
  if (res.status !== 201)
    throw new Error(`${name}: upload answered ${res.status} ${await res.text()}`);
  return (await res.json()) as TDoc;
}

/** Uploads and waits until the page count (so the price) is known, or the file is refused. */
async function uploadSettled(person: TPerson, name: string, content: Buffer) {
  const started = performance.now();
  let doc = await upload(person, name, content);
  while (doc.page_count === null && !doc.is_failed) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    doc = (await (await person.call(`/ajax/documents/${doc.id}`)).json()) as TDoc;
  }
  return { name, doc, ms: performance.now() - started };
}

const ms = (ns: number) => ns / 1e6;
const delayFigures = (delay: ReturnType<typeof monitorEventLoopDelay>) =>
  `p50 ${ms(delay.percentile(50)).toFixed(1)} ms, p99 ${ms(delay.percentile(99)).toFixed(1)} ms, max ${ms(delay.max).toFixed(1)} ms`;

try {
  // Warm like a server that has been up a while: converter, pipeline threads, HTTP client.
  await Promise.all([ctx.officeConverter.warmUp(), ctx.documentPool.warmUp()]);
  const [anna, ben, carla] = await Promise.all([
    benchPerson(ctx, server.base),
    benchPerson(ctx, server.base),
    benchPerson(ctx, server.base),
  ]);
  console.log(
    `hostile files: PNG ${(png.length / 1024).toFixed(0)} KB (9990 x 9990 px), ` +
      `DOCX ${(docx.length / 1024).toFixed(0)} KB (48 MiB unpacked), ` +
      `PDF ${(posters.length / 1024).toFixed(0)} KB (40 pages of 14,400 pt); ` +
      `document concurrency ${ctx.config.documentConcurrency}, ${os.cpus().length} cores`,
  );

  await uploadSettled(carla, 'warm-up.pdf', onePage);

  // The same measurement with nothing to do: what this machine's load alone costs.
  const idle = monitorEventLoopDelay({ resolution: 10 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  idle.disable();
  console.log(
    `database ${databaseUrl ? 'PostgreSQL' : 'PGlite (in the HTTP process)'}; ` +
      `event-loop delay while idle (3 s baseline, 10 ms resolution): ${delayFigures(idle)}`,
  );

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const previews = async () => {
    const poster = await uploadSettled(ben, 'posters.pdf', posters);
    if (poster.doc.is_failed || !poster.doc.page_count) return { poster, statuses: [] };
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await ben.call(`/api/documents/${poster.doc.id}/pages/${i + 1}.png`);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    return { poster, statuses };
  };
  const hostile = Promise.all([
    uploadSettled(anna, 'scan.png', png),
    uploadSettled(anna, 'report.docx', docx),
    previews(),
  ]);
  // The third person arrives just after the hostile files are queued.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const third = await uploadSettled(carla, 'one-page.pdf', onePage);
  const [image, office, { poster, statuses }] = await hostile;
  const total = performance.now() - started;
  delay.disable();

  const p99 = ms(delay.percentile(99));
  const max = ms(delay.max);
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(`hostile phase ${(total / 1000).toFixed(1)} s`);
  for (const row of [image, office, poster]) {
    const outcome = row.doc.is_failed
      ? `refused (${row.doc.failure_reason})`
      : `${row.doc.page_count} page(s)`;
    console.log(`  ${row.name.padEnd(14)} ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${outcome}`);
  }
  console.log(`  8 parallel previews of the 14,400 pt pages: HTTP ${statuses.join(', ')}`);
  console.log(
    `event-loop delay of the HTTP process: p50 ${ms(delay.percentile(50)).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms (goal < ${GOALS.p99Ms}: ${verdict(p99 < GOALS.p99Ms)}), ` +
      `max ${max.toFixed(1)} ms (goal < ${GOALS.maxMs}: ${verdict(max < GOALS.maxMs)})`,
  );
  console.log(
    `third person's 1-page PDF upload -> priced: ${third.ms.toFixed(0)} ms ` +
      `(${third.doc.page_count} page; goal < ${GOALS.pricedMs} ms: ${verdict(third.ms < GOALS.pricedMs)})`,
  );
} finally {
  await server.close();
  if (adminUrl) await withAdmin(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
}
