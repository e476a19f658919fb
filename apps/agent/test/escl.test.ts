import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EsclScanner, ScanError, parseEsclCapabilities } from '../src/device/index.js';
import {
  SAMPLE_JPEG,
  type SimulatedEsclScanner,
  startSimulatedScanner,
  SIMULATED_SCANNER_DEFAULTS,
} from '../src/kiosk/escl-scanner.js';

const run = promisify(execFile);

let scanner: SimulatedEsclScanner;
let dir: string;
beforeAll(async () => {
  scanner = await startSimulatedScanner();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-escl-'));
});
afterAll(async () => {
  await scanner?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  scanner.configure(SIMULATED_SCANNER_DEFAULTS);
});

/** What poppler says about a PDF: its page count, the images on its pages and its text. */
async function inspect(pdf: Buffer): Promise<{ pages: number; images: string[]; text: string }> {
  const file = path.join(dir, `scan-${Date.now()}-${Math.random()}.pdf`);
  await fs.writeFile(file, pdf);
  const info = await run('pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1]);
  const list = await run('pdfimages', ['-list', file]);
  const images = list.stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => l.trim().split(/\s+/)[8] ?? '');
  const text = (await run('pdftotext', [file, '-'])).stdout;
  return { pages, images, text };
}

const failure = async (promise: Promise<unknown>) => {
  const err = await promise.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ScanError);
  return (err as ScanError).code;
};

describe('eSCL client against the simulated scanner', () => {
  it('reads the capabilities of glass and feeder', async () => {
    const caps = await new EsclScanner({ baseUrl: scanner.url }).capabilities();
    expect(caps.makeAndModel).toBe('Printomat Simulated Scanner');
    expect(caps.sources.map((s) => s.source)).toEqual(['platen', 'feeder']);
    expect(caps.sources[0]).toMatchObject({
      formats: ['application/pdf', 'image/jpeg'],
      colorModes: ['BlackAndWhite1', 'Grayscale8', 'RGB24'],
      resolutions: [150, 300, 600],
      maxWidth: 2550,
      maxHeight: 3508,
    });
  });

  it('asks for a PDF when the scanner offers one and answers it with every page', async () => {
    scanner.configure({ pages: 3 });
    const result = await new EsclScanner({ baseUrl: scanner.url }).scan({});
    expect(result.pages).toBe(3);
    expect(result.settings).toEqual({
      format: 'application/pdf',
      colorMode: 'RGB24',
      resolution: 300,
      source: 'platen',
    });
    const job = scanner.jobs.at(-1);
    expect(job?.settings).toEqual({
      source: 'Platen',
      colorMode: 'RGB24',
      resolution: 300,
      format: 'application/pdf',
    });
    // One document, then 404: the job is done and nothing was cancelled.
    expect(job).toMatchObject({ delivered: 1, done: true, deleted: false });
    expect((await inspect(result.pdf)).pages).toBe(3);
  });

  it('joins the PDFs of a scanner that sends one per page into one', async () => {
    scanner.configure({ pages: 3, formats: ['application/pdf'], pdfPerPage: true });
    const result = await new EsclScanner({ baseUrl: scanner.url }).scan({});
    expect(scanner.jobs.at(-1)).toMatchObject({ delivered: 3, done: true });
    expect(result.pages).toBe(3);
    const { pages, text } = await inspect(result.pdf);
    expect(pages).toBe(3);
    // In the order scanned.
    expect(text.match(/Scanned page \d of 3/g)).toEqual([
      'Scanned page 1 of 3',
      'Scanned page 2 of 3',
      'Scanned page 3 of 3',
    ]);
  });

  it('asks a JPEG-only scanner for JPEG pages and puts them into one PDF', async () => {
    scanner.configure({ pages: 4, formats: ['image/jpeg'] });
    const result = await new EsclScanner({ baseUrl: scanner.url }).scan({
      colorMode: 'grayscale',
      resolution: 200,
      source: 'feeder',
    });
    expect(result.settings).toEqual({
      format: 'image/jpeg',
      colorMode: 'Grayscale8',
      resolution: 150,
      source: 'feeder',
    });
    expect(scanner.jobs.at(-1)).toMatchObject({
      settings: { source: 'Feeder', colorMode: 'Grayscale8', resolution: 150 },
      delivered: 4,
      done: true,
    });
    expect(result.pages).toBe(4);
    expect(await inspect(result.pdf)).toMatchObject({
      pages: 4,
      images: ['jpeg', 'jpeg', 'jpeg', 'jpeg'],
    });
    // Each page is the paper's size: the image's pixels at the density the JPEG states (the
    // simulator's pages say 10 dpi), whatever resolution was asked: an A4 sheet is A4.
    const doc = await PDFDocument.load(result.pdf);
    for (const page of doc.getPages()) {
      const { width, height } = page.getSize();
      expect(Math.abs(width - 595)).toBeLessThan(6);
      expect(Math.abs(height - 842)).toBeLessThan(6);
    }
  });

  it('sizes JPEG pages by the resolution asked when they state no density', async () => {
    scanner.configure({ pages: 1, formats: ['image/jpeg'], jpegDensity: false });
    const result = await new EsclScanner({ baseUrl: scanner.url }).scan({ resolution: 300 });
    expect(result.settings.resolution).toBe(300);
    const { width, height } = (await PDFDocument.load(result.pdf)).getPage(0).getSize();
    const jpeg = await (await PDFDocument.create()).embedJpg(new Uint8Array(SAMPLE_JPEG));
    expect(width).toBeCloseTo((jpeg.width / 300) * 72, 3);
    expect(height).toBeCloseTo((jpeg.height / 300) * 72, 3);
  });

  it('refuses a job the scanner places on another host, and never goes there', async () => {
    let visited = 0;
    const elsewhere = http.createServer((_req, res) => {
      visited++;
      res.end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    // The same machine under another name is another origin.
    const otherOrigin = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
    const liar = http.createServer((req, res) => {
      if (req.url?.endsWith('/ScannerCapabilities')) {
        res.setHeader('content-type', 'text/xml');
        return res.end(
          '<scan:ScannerCapabilities xmlns:scan="http://schemas.hp.com/imaging/escl/2011/05/03" ' +
            'xmlns:pwg="http://www.pwg.org/schemas/2010/12/sm"><scan:Platen><scan:PlatenInputCaps>' +
            '<scan:MaxWidth>2550</scan:MaxWidth><scan:MaxHeight>3508</scan:MaxHeight>' +
            '<scan:SettingProfiles><scan:SettingProfile><scan:ColorModes>' +
            '<scan:ColorMode>RGB24</scan:ColorMode></scan:ColorModes><scan:DocumentFormats>' +
            '<pwg:DocumentFormat>application/pdf</pwg:DocumentFormat></scan:DocumentFormats>' +
            '<scan:SupportedResolutions><scan:DiscreteResolutions><scan:DiscreteResolution>' +
            '<scan:XResolution>300</scan:XResolution><scan:YResolution>300</scan:YResolution>' +
            '</scan:DiscreteResolution></scan:DiscreteResolutions></scan:SupportedResolutions>' +
            '</scan:SettingProfile></scan:SettingProfiles></scan:PlatenInputCaps></scan:Platen>' +
            '</scan:ScannerCapabilities>',
        );
      }
      req.resume();
      if (req.method === 'POST' && req.url?.endsWith('/ScanJobs')) {
        res.statusCode = 201;
        res.setHeader('location', `${otherOrigin}/eSCL/ScanJobs/1`);
      } else res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    try {
      const port = (liar.address() as AddressInfo).port;
      const err = await new EsclScanner({ baseUrl: `http://127.0.0.1:${port}/eSCL` })
        .scan({})
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ScanError);
      expect((err as ScanError).code).toBe('scanner_error');
      expect((err as ScanError).message).toContain('another host');
      expect(visited).toBe(0);
    } finally {
      liar.closeAllConnections();
      elsewhere.closeAllConnections();
      await new Promise((resolve) => liar.close(resolve));
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });

  it('scans from the feeder when it is loaded and nothing was chosen', async () => {
    scanner.configure({ feederLoaded: true, pages: 1 });
    const result = await new EsclScanner({ baseUrl: scanner.url }).scan({});
    expect(result.settings.source).toBe('feeder');
    expect(scanner.jobs.at(-1)?.settings.source).toBe('Feeder');
  });

  it('waits while the scanner answers 503 and carries on', async () => {
    scanner.configure({
      pages: 3,
      formats: ['image/jpeg'],
      busyJobs: 2,
      busyBeforeEachDocument: 2,
    });
    const before = scanner.jobs.length;
    const result = await new EsclScanner({ baseUrl: scanner.url, busyRetryMs: 20 }).scan({});
    expect(result.pages).toBe(3);
    expect(scanner.jobs.length).toBe(before + 1);
    expect(scanner.jobs.at(-1)).toMatchObject({ delivered: 3, done: true, deleted: false });
  });

  it('gives up on a scanner that stays busy', async () => {
    scanner.configure({ busyJobs: 1_000 });
    expect(
      await failure(
        new EsclScanner({ baseUrl: scanner.url, busyRetryMs: 20, busyTimeoutMs: 200 }).scan({}),
      ),
    ).toBe('scanner_busy');
  });

  it('refuses a scan over the byte limit and cancels the job on the scanner', async () => {
    scanner.configure({ pages: 3, formats: ['image/jpeg'], padBytes: 4_000 });
    const code = await failure(
      new EsclScanner({ baseUrl: scanner.url, maxBytes: 12_000 }).scan({}),
    );
    expect(code).toBe('too_large');
    // Two pages fit, the third does not.
    expect(scanner.jobs.at(-1)).toMatchObject({ delivered: 3, deleted: true, done: false });
  });

  it('refuses a scan over the page limit and cancels the job', async () => {
    scanner.configure({ pages: 5, formats: ['image/jpeg'] });
    const code = await failure(new EsclScanner({ baseUrl: scanner.url, maxPages: 3 }).scan({}));
    expect(code).toBe('too_many_pages');
    expect(scanner.jobs.at(-1)).toMatchObject({ delivered: 4, deleted: true });
  });

  it('says so when nothing was scanned, and when the scanner cannot be reached', async () => {
    scanner.configure({ pages: 0 });
    expect(await failure(new EsclScanner({ baseUrl: scanner.url }).scan({}))).toBe('no_pages');
    const gone = await startSimulatedScanner();
    await gone.stop();
    expect(await failure(new EsclScanner({ baseUrl: gone.url }).scan({}))).toBe(
      'scanner_unreachable',
    );
  });

  it('reads capabilities written with other namespace prefixes and without a feeder', () => {
    const caps = parseEsclCapabilities(`<?xml version="1.0"?>
      <ns2:ScannerCapabilities xmlns:ns2="http://schemas.hp.com/imaging/escl/2011/05/03" xmlns:p="http://www.pwg.org/schemas/2010/12/sm">
        <p:Version>2.5</p:Version>
        <ns2:Platen><ns2:PlatenInputCaps>
          <ns2:MaxWidth>2550</ns2:MaxWidth>
          <ns2:SettingProfiles><ns2:SettingProfile>
            <ns2:ColorModes><ns2:ColorMode>RGB24</ns2:ColorMode></ns2:ColorModes>
            <ns2:DocumentFormats><p:DocumentFormat>image/jpeg</p:DocumentFormat><p:DocumentFormat>application/octet-stream</p:DocumentFormat></ns2:DocumentFormats>
            <ns2:SupportedResolutions><ns2:DiscreteResolutions><ns2:DiscreteResolution>
              <ns2:XResolution>600</ns2:XResolution><ns2:YResolution>600</ns2:YResolution>
            </ns2:DiscreteResolution></ns2:DiscreteResolutions></ns2:SupportedResolutions>
          </ns2:SettingProfile></ns2:SettingProfiles>
        </ns2:PlatenInputCaps></ns2:Platen>
      </ns2:ScannerCapabilities>`);
    expect(caps).toEqual({
      version: '2.5',
      makeAndModel: undefined,
      sources: [
        {
          source: 'platen',
          formats: ['image/jpeg', 'application/octet-stream'],
          colorModes: ['RGB24'],
          resolutions: [600],
          maxWidth: 2550,
          maxHeight: undefined,
        },
      ],
    });
  });
});
