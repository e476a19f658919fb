import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * A simulated eSCL scanner (the scan side of a network multifunction printer): a real HTTP server
 * on 127.0.0.1 with the endpoints the agent's eSCL client uses, producing real documents: one
 * PDF of all pages (made with pdf-lib) or one JPEG per page. For tests and the demo kiosk.
 *
 *   GET    /eSCL/ScannerCapabilities
 *   GET    /eSCL/ScannerStatus
 *   POST   /eSCL/ScanJobs              -> 201, Location: /eSCL/ScanJobs/<uuid>
 *   GET    /eSCL/ScanJobs/<uuid>/NextDocument  -> 200 document | 404 done | 503 not ready
 *   DELETE /eSCL/ScanJobs/<uuid>
 */
export interface TSimulatedScannerOptions {
  /** Pages each scan yields (default 2). */
  pages?: number;
  /** What it offers (default both; the client prefers PDF). */
  formats?: Array<'application/pdf' | 'image/jpeg'>;
  /** Whether it has a document feeder besides the glass (default true), and if it is loaded. */
  feeder?: boolean;
  feederLoaded?: boolean;
  /** NextDocument answers 503 this many times before each document (default 0). */
  busyBeforeEachDocument?: number;
  /** Pad every document with this many bytes (to test size limits). */
  padBytes?: number;
  /** POST ScanJobs answers 503 this many times first (a scanner busy with another job). */
  busyJobs?: number;
  /** PDF mode: one single-page PDF per NextDocument (as some scanners do) instead of one PDF. */
  pdfPerPage?: boolean;
  /**
   * JPEG mode: whether the pages state their density (JFIF, 10 dpi: A4 pages whatever resolution
   * was asked; default true). false: they state only an aspect ratio, as some scanners do.
   */
  jpegDensity?: boolean;
}

/**
 * A small valid baseline JPEG (an A4 page with a heading and lines, 83 x 117 px, grey). Its JFIF
 * header says 10 dpi, so it comes out A4 at any resolution asked.
 */
export const SAMPLE_JPEG = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQEACgAKAAD/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhl',
    'bXd7gYKBTmCNl4x9lnN+gXz/wAALCAB1AFMBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgED',
    'AwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RF',
    'RkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJ',
    'ytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AOooooooooooooooooooooooooooooooooooqnfXzWbp',
    'mIGMjLSO+0D2BxjP+8VByMHrh0FzNcSkpDGLcOybzId+VJU/Ltx1Hr0/Kq6azEVjZ0MavLtyx/gKsyyf7pA74xznoau2k/2q',
    'zguNu3zY1fbnOMjOKlooooooqvdWNvd585W5Xa2yRk3D0OCMjk9fU+tMl0y0mZmkRiG3ZXzGC/MCCducAkE847mlOm2ZlaX7',
    'PHuc5bA4Y4YZI6Hh26+tWIYkghSKIbUjUKoznAHAp1FFFFFFQT3trbOEuLmGJiMhXkCnHrzUf9q6d/z/ANr/AN/l/wAaP7V0',
    '7/n/ALX/AL/L/jR/aunf8/8Aa/8Af5f8aP7V07/n/tf+/wAv+NH9q6d/z/2v/f5f8aP7V07/AJ/7X/v8v+NPi1CznkEcN3BI',
    '56Kkqkn8M1YooqCeytblw9xbQysBgM8YY49Oaj/srTv+fC1/78r/AIUf2Vp3/Pha/wDflf8ACj+ytO/58LX/AL8r/hR/ZWnf',
    '8+Fr/wB+V/wo/srTv+fC1/78r/hR/ZWnf8+Fr/35X/CnxafZwSCSG0gjcdGSJQR+OKsUUVRvrW/nmDWmo/ZUC4KeQr5PPOT+',
    'H5VX/s/WP+g5/wCSif40f2frH/Qc/wDJRP8AGj+z9Y/6Dn/kon+NH9n6x/0HP/JRP8aP7P1j/oOf+Sif41esYbmCErd3X2py',
    '2Q/lhMDjjA/H86sUUUVRvtT+xTCP7FeXGV3boItyjrxnPXiq/wDb3/UK1T/wH/8Ar0f29/1CtU/8B/8A69H9vf8AUK1T/wAB',
    '/wD69H9vf9QrVP8AwH/+vR/b3/UK1T/wH/8Ar0f29/1CtU/8B/8A69a1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
    'FFFFFFFFFFFFFFFFFFFFFFFFFFFFf//Z',
  ].join(''),
  'base64',
);

export interface TScanJobRecord {
  id: string;
  settings: { source: string; colorMode: string; resolution: number; format: string };
  delivered: number;
  deleted: boolean;
  done: boolean;
}

export interface SimulatedEsclScanner {
  /** The eSCL root, e.g. http://127.0.0.1:40123/eSCL (what SCANNER_URL is set to). */
  url: string;
  /** Every job asked for, with the settings it was asked with. */
  jobs: TScanJobRecord[];
  /** Changes what the next scans yield. */
  configure(options: TSimulatedScannerOptions): void;
  stop(): Promise<void>;
}

const xmlValue = (xml: string, name: string) =>
  new RegExp(`<(?:[\\w.-]+:)?${name}>([^<]*)</`).exec(xml)?.[1]?.trim() ?? '';

function capabilitiesXml(options: Required<TSimulatedScannerOptions>): string {
  const formats = options.formats
    .map((f) => `<pwg:DocumentFormat>${f}</pwg:DocumentFormat>`)
    .concat(options.formats.map((f) => `<scan:DocumentFormatExt>${f}</scan:DocumentFormatExt>`))
    .join('');
  const caps = `
        <scan:MinWidth>16</scan:MinWidth><scan:MaxWidth>2550</scan:MaxWidth>
        <scan:MinHeight>16</scan:MinHeight><scan:MaxHeight>3508</scan:MaxHeight>
        <scan:SettingProfiles><scan:SettingProfile>
          <scan:ColorModes><scan:ColorMode>BlackAndWhite1</scan:ColorMode><scan:ColorMode>Grayscale8</scan:ColorMode><scan:ColorMode>RGB24</scan:ColorMode></scan:ColorModes>
          <scan:DocumentFormats>${formats}</scan:DocumentFormats>
          <scan:SupportedResolutions><scan:DiscreteResolutions>
            <scan:DiscreteResolution><scan:XResolution>150</scan:XResolution><scan:YResolution>150</scan:YResolution></scan:DiscreteResolution>
            <scan:DiscreteResolution><scan:XResolution>300</scan:XResolution><scan:YResolution>300</scan:YResolution></scan:DiscreteResolution>
            <scan:DiscreteResolution><scan:XResolution>600</scan:XResolution><scan:YResolution>600</scan:YResolution></scan:DiscreteResolution>
          </scan:DiscreteResolutions></scan:SupportedResolutions>
        </scan:SettingProfile></scan:SettingProfiles>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<scan:ScannerCapabilities xmlns:scan="http://schemas.hp.com/imaging/escl/2011/05/03" xmlns:pwg="http://www.pwg.org/schemas/2010/12/sm">
  <pwg:Version>2.63</pwg:Version>
  <pwg:MakeAndModel>Printomat Simulated Scanner</pwg:MakeAndModel>
  <scan:Platen><scan:PlatenInputCaps>${caps}</scan:PlatenInputCaps></scan:Platen>
  ${options.feeder ? `<scan:Adf><scan:AdfSimplexInputCaps>${caps}</scan:AdfSimplexInputCaps></scan:Adf>` : ''}
</scan:ScannerCapabilities>
`;
}

/** A PDF of the scanned pages `from`..`to` of `pages`. */
async function scannedPdf(pages: number, padBytes: number, from = 1, to = pages): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = from; i <= to; i++) {
    const page = doc.addPage([595, 842]);
    page.drawRectangle({ x: 0, y: 0, width: 595, height: 842, color: rgb(0.96, 0.96, 0.94) });
    page.drawText(`Scanned page ${i} of ${pages}`, { x: 60, y: 760, size: 24, font });
  }
  if (padBytes > 0) doc.setKeywords(['x'.repeat(padBytes)]);
  return Buffer.from(await doc.save());
}

/** SAMPLE_JPEG with JFIF units 0 and density 1:1 (an aspect ratio only, no dpi). */
const SAMPLE_JPEG_NO_DENSITY = (() => {
  const copy = Buffer.from(SAMPLE_JPEG);
  copy[13] = 0;
  copy.writeUInt16BE(1, 14);
  copy.writeUInt16BE(1, 16);
  return copy;
})();

const padded = (data: Buffer, padBytes: number) =>
  // Bytes after the JPEG's end marker are ignored by readers.
  padBytes > 0 ? Buffer.concat([data, Buffer.alloc(padBytes)]) : data;

/** What the simulated scanner does unless told otherwise (tests reset to this). */
export const SIMULATED_SCANNER_DEFAULTS: Readonly<Required<TSimulatedScannerOptions>> = {
  pages: 2,
  formats: ['application/pdf', 'image/jpeg'],
  feeder: true,
  feederLoaded: false,
  busyBeforeEachDocument: 0,
  padBytes: 0,
  busyJobs: 0,
  pdfPerPage: false,
  jpegDensity: true,
};

export async function startSimulatedScanner(
  initial: TSimulatedScannerOptions = {},
): Promise<SimulatedEsclScanner> {
  let options: Required<TSimulatedScannerOptions> = { ...SIMULATED_SCANNER_DEFAULTS, ...initial };
  const jobs: TScanJobRecord[] = [];
  const queues = new Map<string, { documents: Buffer[]; busy: number; contentType: string }>();
  let busyJobs = options.busyJobs;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  async function body(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://scanner');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/eSCL/ScannerCapabilities') {
      res.setHeader('content-type', 'text/xml');
      res.end(capabilitiesXml(options));
      return;
    }
    if (req.method === 'GET' && path === '/eSCL/ScannerStatus') {
      res.setHeader('content-type', 'text/xml');
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><scan:ScannerStatus xmlns:scan="http://schemas.hp.com/imaging/escl/2011/05/03" xmlns:pwg="http://www.pwg.org/schemas/2010/12/sm"><pwg:Version>2.63</pwg:Version><pwg:State>Idle</pwg:State>` +
          (options.feeder
            ? `<scan:AdfState>${options.feederLoaded ? 'ScannerAdfLoaded' : 'ScannerAdfEmpty'}</scan:AdfState>`
            : '') +
          '</scan:ScannerStatus>',
      );
      return;
    }
    if (req.method === 'POST' && path === '/eSCL/ScanJobs') {
      const xml = await body(req);
      if (busyJobs > 0) {
        busyJobs -= 1;
        res.statusCode = 503;
        res.end();
        return;
      }
      const format = xmlValue(xml, 'DocumentFormatExt') || xmlValue(xml, 'DocumentFormat');
      if (!options.formats.includes(format as 'application/pdf')) {
        res.statusCode = 409;
        res.end('unsupported format');
        return;
      }
      const id = randomUUID();
      const settings = {
        source: xmlValue(xml, 'InputSource'),
        colorMode: xmlValue(xml, 'ColorMode'),
        resolution: Number(xmlValue(xml, 'XResolution')),
        format,
      };
      jobs.push({ id, settings, delivered: 0, deleted: false, done: false });
      const documents =
        options.pages === 0
          ? []
          : format === 'application/pdf'
            ? options.pdfPerPage
              ? await Promise.all(
                  Array.from({ length: options.pages }, (_, i) =>
                    scannedPdf(options.pages, options.padBytes, i + 1, i + 1),
                  ),
                )
              : [await scannedPdf(options.pages, options.padBytes)]
            : Array.from({ length: options.pages }, () =>
                padded(
                  options.jpegDensity ? SAMPLE_JPEG : SAMPLE_JPEG_NO_DENSITY,
                  options.padBytes,
                ),
              );
      queues.set(id, { documents, busy: options.busyBeforeEachDocument, contentType: format });
      res.statusCode = 201;
      res.setHeader('location', `/eSCL/ScanJobs/${id}`);
      res.end();
      return;
    }
    const match = /^\/eSCL\/ScanJobs\/([0-9a-f-]{36})(\/NextDocument)?$/.exec(path);
    const job = match ? jobs.find((j) => j.id === match[1]) : undefined;
    const queue = match ? queues.get(match[1] ?? '') : undefined;
    if (match && job && req.method === 'DELETE') {
      job.deleted = true;
      queues.delete(job.id);
      res.end();
      return;
    }
    if (match?.[2] && job && req.method === 'GET') {
      if (!queue || queue.documents.length === 0) {
        job.done = true;
        queues.delete(job.id);
        res.statusCode = 404;
        res.end();
        return;
      }
      if (queue.busy > 0) {
        queue.busy -= 1;
        res.statusCode = 503;
        res.setHeader('retry-after', '0');
        res.end();
        return;
      }
      queue.busy = options.busyBeforeEachDocument;
      const document = queue.documents.shift() as Buffer;
      job.delivered += 1;
      res.setHeader('content-type', queue.contentType);
      res.setHeader('content-length', String(document.length));
      res.end(document);
      return;
    }
    res.statusCode = 404;
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/eSCL`,
    jobs,
    configure(next) {
      options = { ...options, ...next };
      if (next.busyJobs !== undefined) busyJobs = next.busyJobs;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
