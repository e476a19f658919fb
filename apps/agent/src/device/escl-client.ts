import { PDFDocument } from 'pdf-lib';
import { SCAN_MAX_BYTES } from '@printomat/shared';
import { ScanError, type TDeviceScanner, type TScanRequest, type TScanResult } from './types.js';

/**
 * An eSCL client (Mopria / Apple AirScan "eSCL": scanning over HTTP with pwg/scan XML), the
 * standard way to scan on a network multifunction printer:
 *
 *   GET  <base>/ScannerCapabilities      formats, colour modes, resolutions of glass and feeder
 *   POST <base>/ScanJobs  (ScanSettings) 201 Created, Location: the job
 *   GET  <job>/NextDocument              200: one document (a page, or the whole PDF); 404: done;
 *                                        503: not ready yet, ask again
 *   DELETE <job>                         cancels (after an error)
 *
 * It asks for application/pdf when the scanner offers it, else image/jpeg, and always answers
 * one PDF (JPEG pages are put into one with pdf-lib). Bytes (SCAN_MAX_BYTES) and pages are bounded.
 */
export interface TEsclOptions {
  /** The scanner's eSCL root, e.g. http://192.168.1.20/eSCL (DNS-SD's `rs` names the path). */
  baseUrl: string;
  maxBytes?: number;
  maxPages?: number;
  /** Pause after a 503 (unless the scanner's Retry-After says otherwise). */
  busyRetryMs?: number;
  /** How long the scanner may stay busy (503) before the scan is given up. */
  busyTimeoutMs?: number;
  /** Longest a single HTTP request may take (a page being scanned counts). */
  requestTimeoutMs?: number;
}

type TSource = 'platen' | 'feeder';

export interface TEsclSourceCaps {
  source: TSource;
  formats: string[];
  /** eSCL colour modes: RGB24, RGB48, Grayscale8, Grayscale16, BlackAndWhite1. */
  colorModes: string[];
  resolutions: number[];
  /** In 300ths of an inch. */
  maxWidth: number | undefined;
  maxHeight: number | undefined;
}

export interface TEsclCapabilities {
  version: string;
  makeAndModel: string | undefined;
  sources: TEsclSourceCaps[];
}

const MAX_XML_BYTES = 1024 * 1024;
const DEFAULT_MAX_PAGES = 200;
/** A4 in 300ths of an inch (the scan region when the scanner allows it). */
const A4 = { width: 2480, height: 3508 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The inner texts of every element with this local name (any namespace prefix). */
function elements(xml: string, localName: string): string[] {
  const re = new RegExp(
    `<(?:[A-Za-z_][\\w.-]*:)?${localName}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${localName}\\s*>`,
    'g',
  );
  return [...xml.matchAll(re)].map((m) => m[1] ?? '');
}

const first = (xml: string, localName: string) => elements(xml, localName)[0];
const unique = <T>(values: T[]) => [...new Set(values)];

function sourceCaps(source: TSource, xml: string): TEsclSourceCaps {
  const int = (text: string | undefined) => {
    const n = text === undefined ? NaN : Number.parseInt(decodeXml(text), 10);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  return {
    source,
    formats: unique(
      [...elements(xml, 'DocumentFormat'), ...elements(xml, 'DocumentFormatExt')].map((f) =>
        decodeXml(f).toLowerCase(),
      ),
    ),
    colorModes: unique(elements(xml, 'ColorMode').map(decodeXml)),
    resolutions: unique(
      elements(xml, 'DiscreteResolution')
        .map((r) => int(first(r, 'XResolution')))
        .filter((n): n is number => n !== undefined),
    ).sort((a, b) => a - b),
    maxWidth: int(first(xml, 'MaxWidth')),
    maxHeight: int(first(xml, 'MaxHeight')),
  };
}

/** Reads ScannerCapabilities tolerantly: what is missing is left out, unknown parts ignored. */
export function parseEsclCapabilities(xml: string): TEsclCapabilities {
  const sources: TEsclSourceCaps[] = [];
  const platen = first(xml, 'Platen');
  if (platen !== undefined) sources.push(sourceCaps('platen', platen));
  const adf = first(xml, 'Adf');
  if (adf !== undefined)
    sources.push(sourceCaps('feeder', first(adf, 'AdfSimplexInputCaps') ?? adf));
  const version = first(xml, 'Version');
  const model = first(xml, 'MakeAndModel');
  return {
    version: version ? decodeXml(version) : '2.6',
    makeAndModel: model ? decodeXml(model) : undefined,
    sources,
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The pwg/scan ScanSettings document of a job. */
export function scanSettingsXml(settings: {
  version: string;
  source: TSource;
  colorMode: string;
  resolution: number;
  format: string;
  width: number;
  height: number;
}): string {
  const { version, source, colorMode, resolution, format, width, height } = settings;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<scan:ScanSettings xmlns:scan="http://schemas.hp.com/imaging/escl/2011/05/03" ' +
      'xmlns:pwg="http://www.pwg.org/schemas/2010/12/sm">',
    `  <pwg:Version>${escapeXml(version)}</pwg:Version>`,
    '  <scan:Intent>Document</scan:Intent>',
    '  <pwg:ScanRegions>',
    '    <pwg:ScanRegion>',
    '      <pwg:ContentRegionUnits>escl:ThreeHundredthsOfInches</pwg:ContentRegionUnits>',
    '      <pwg:XOffset>0</pwg:XOffset>',
    '      <pwg:YOffset>0</pwg:YOffset>',
    `      <pwg:Width>${width}</pwg:Width>`,
    `      <pwg:Height>${height}</pwg:Height>`,
    '    </pwg:ScanRegion>',
    '  </pwg:ScanRegions>',
    `  <pwg:InputSource>${source === 'feeder' ? 'Feeder' : 'Platen'}</pwg:InputSource>`,
    `  <scan:ColorMode>${escapeXml(colorMode)}</scan:ColorMode>`,
    `  <scan:XResolution>${resolution}</scan:XResolution>`,
    `  <scan:YResolution>${resolution}</scan:YResolution>`,
    `  <pwg:DocumentFormat>${escapeXml(format)}</pwg:DocumentFormat>`,
    `  <scan:DocumentFormatExt>${escapeXml(format)}</scan:DocumentFormatExt>`,
    '</scan:ScanSettings>',
    '',
  ].join('\n');
}

function pickColorMode(offered: string[], wanted: TScanRequest['colorMode']): string {
  const prefs =
    wanted === 'grayscale'
      ? ['Grayscale8', 'Grayscale16', 'BlackAndWhite1', 'RGB24', 'RGB48']
      : ['RGB24', 'RGB48', 'Grayscale8', 'Grayscale16', 'BlackAndWhite1'];
  return prefs.find((p) => offered.includes(p)) ?? offered[0] ?? 'RGB24';
}

function pickResolution(offered: number[], wanted: number | undefined): number {
  const target = wanted ?? 300;
  if (offered.length === 0) return target;
  return offered.reduce((best, r) => (Math.abs(r - target) < Math.abs(best - target) ? r : best));
}

/** The scanner's Retry-After in ms, else the default. */
function retryAfter(response: Response, fallbackMs: number): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, 30_000) : fallbackMs;
}

export class EsclScanner implements TDeviceScanner {
  private readonly base: string;
  private readonly maxBytes: number;
  private readonly maxPages: number;

  constructor(private readonly options: TEsclOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.maxBytes = options.maxBytes ?? SCAN_MAX_BYTES;
    this.maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  }

  private async request(
    url: string,
    init: RequestInit & { signal?: AbortSignal | undefined } = {},
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs ?? 120_000);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      return await fetch(url, { ...init, signal });
    } catch (err) {
      throw new ScanError(
        'scanner_unreachable',
        `the scanner cannot be reached at ${url} (${err instanceof Error ? err.message : String(err)})`,
      );
    }
  }

  /** Reads a body, refusing more than `limit` bytes (the reader is cancelled there). */
  private async readBounded(response: Response, limit: number): Promise<Buffer> {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new ScanError('too_large', `the scan is larger than ${this.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (!response.body) return Buffer.alloc(0);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const next = (await reader.read()) as { done: boolean; value?: Uint8Array };
      if (next.done || !next.value) break;
      const value = next.value;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new ScanError('too_large', `the scan is larger than ${this.maxBytes} bytes`);
      }
      chunks.push(Buffer.from(value));
    }
    return Buffer.concat(chunks);
  }

  async capabilities(signal?: AbortSignal): Promise<TEsclCapabilities> {
    const response = await this.request(`${this.base}/ScannerCapabilities`, { signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ScanError(
        'scanner_error',
        `the scanner answered ${response.status} to ScannerCapabilities`,
      );
    }
    const xml = (await this.readBounded(response, MAX_XML_BYTES)).toString('utf8');
    const caps = parseEsclCapabilities(xml);
    if (caps.sources.length === 0)
      throw new ScanError('scanner_error', 'the scanner describes neither a glass nor a feeder');
    return caps;
  }

  /** Whether the feeder holds paper (ScannerStatus AdfState); false when it cannot tell. */
  private async feederLoaded(signal?: AbortSignal): Promise<boolean> {
    try {
      const response = await this.request(`${this.base}/ScannerStatus`, { signal });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return false;
      }
      const xml = (await this.readBounded(response, MAX_XML_BYTES)).toString('utf8');
      return (
        first(xml, 'AdfState') !== undefined &&
        decodeXml(first(xml, 'AdfState') ?? '') === 'ScannerAdfLoaded'
      );
    } catch {
      return false;
    }
  }

  async scan(request: TScanRequest, options: { signal?: AbortSignal } = {}): Promise<TScanResult> {
    const { signal } = options;
    const caps = await this.capabilities(signal);
    const platen = caps.sources.find((s) => s.source === 'platen');
    const feeder = caps.sources.find((s) => s.source === 'feeder');
    let chosen: TEsclSourceCaps | undefined;
    if (request.source === 'feeder') chosen = feeder ?? platen;
    else if (request.source === 'platen') chosen = platen ?? feeder;
    else chosen = feeder && (!platen || (await this.feederLoaded(signal))) ? feeder : platen;
    if (!chosen) throw new ScanError('scanner_error', 'the scanner has no input source');
    const format = chosen.formats.includes('application/pdf')
      ? 'application/pdf'
      : chosen.formats.includes('image/jpeg')
        ? 'image/jpeg'
        : undefined;
    if (!format)
      throw new ScanError(
        'scanner_error',
        `the scanner offers neither PDF nor JPEG (${chosen.formats.join(', ') || 'no formats'})`,
      );
    const settings = {
      format,
      colorMode: pickColorMode(chosen.colorModes, request.colorMode),
      resolution: pickResolution(chosen.resolutions, request.resolution),
      source: chosen.source,
    };
    const xml = scanSettingsXml({
      version: caps.version,
      ...settings,
      width: Math.min(A4.width, chosen.maxWidth ?? A4.width),
      height: Math.min(A4.height, chosen.maxHeight ?? A4.height),
    });
    const jobUrl = await this.createJob(xml, signal);
    try {
      const documents = await this.fetchDocuments(jobUrl, format, signal);
      const { pdf, pages } = await this.toPdf(documents, format, settings.resolution);
      return { pdf, pages, settings };
    } catch (err) {
      // Cancel what the scanner may still hold; a failing cancel changes nothing.
      await this.request(jobUrl, { method: 'DELETE' })
        .then((r) => r.body?.cancel())
        .catch(() => undefined);
      throw err;
    }
  }

  /** POST ScanJobs; a busy scanner (503) is asked again until busyTimeoutMs. */
  private async createJob(xml: string, signal?: AbortSignal): Promise<string> {
    const url = `${this.base}/ScanJobs`;
    const deadline = Date.now() + (this.options.busyTimeoutMs ?? 60_000);
    for (;;) {
      const response = await this.request(url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: xml,
        signal,
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 201 || response.status === 200) {
        const location = response.headers.get('location');
        if (!location)
          throw new ScanError('scanner_error', 'the scanner made a job but did not say where');
        const job = new URL(location, url);
        // The job is fetched and deleted where the scanner says: only ever on the scanner itself,
        // never a host of its choosing inside the kiosk's network.
        if (job.origin !== new URL(url).origin)
          throw new ScanError(
            'scanner_error',
            `the scanner put the job on another host (${job.origin}): refused`,
          );
        return job.toString().replace(/\/+$/, '');
      }
      if (response.status === 503 && Date.now() < deadline) {
        await sleep(retryAfter(response, this.options.busyRetryMs ?? 1_000));
        continue;
      }
      if (response.status === 503)
        throw new ScanError('scanner_busy', 'the scanner stayed busy; try again in a moment');
      throw new ScanError('scanner_error', `the scanner refused the scan job (${response.status})`);
    }
  }

  /** NextDocument until 404: each 200 is one document; 503 means not ready yet. */
  private async fetchDocuments(
    jobUrl: string,
    format: string,
    signal?: AbortSignal,
  ): Promise<Buffer[]> {
    const documents: Buffer[] = [];
    let bytes = 0;
    let pages = 0;
    const busyMs = this.options.busyTimeoutMs ?? 60_000;
    let deadline = Date.now() + busyMs;
    for (;;) {
      const response = await this.request(`${jobUrl}/NextDocument`, { signal });
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        break;
      }
      if (response.status === 503) {
        await response.body?.cancel().catch(() => undefined);
        if (Date.now() >= deadline)
          throw new ScanError('scanner_busy', 'the scanner stopped delivering pages');
        await sleep(retryAfter(response, this.options.busyRetryMs ?? 1_000));
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw new ScanError(
          'scanner_error',
          `the scanner answered ${response.status} for the next page`,
        );
      }
      const document = await this.readBounded(response, this.maxBytes - bytes);
      bytes += document.length;
      pages += format === 'application/pdf' ? await countPdfPages(document) : 1;
      if (pages > this.maxPages)
        throw new ScanError('too_many_pages', `a scan may have at most ${this.maxPages} pages`);
      documents.push(document);
      deadline = Date.now() + busyMs;
    }
    if (documents.length === 0 || pages === 0)
      throw new ScanError(
        'no_pages',
        'nothing was scanned: is the document on the glass or in the feeder?',
      );
    return documents;
  }

  private async toPdf(
    documents: Buffer[],
    format: string,
    resolution: number,
  ): Promise<{ pdf: Buffer; pages: number }> {
    if (format === 'application/pdf' && documents.length === 1) {
      const only = documents[0] as Buffer;
      return { pdf: only, pages: await countPdfPages(only) };
    }
    const out = await PDFDocument.create();
    out.setProducer('Printomat agent (eSCL)');
    for (const document of documents) {
      if (format === 'application/pdf') {
        const source = await loadPdf(document);
        for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
        continue;
      }
      let image;
      try {
        image = await out.embedJpg(new Uint8Array(document));
      } catch (err) {
        throw new ScanError(
          'scanner_error',
          `the scanner sent a page that is not a JPEG (${(err as Error).message})`,
        );
      }
      // The page is as large as the paper scanned: pixels at the density the JPEG states (JFIF),
      // else at the resolution asked for.
      const density = jfifDensity(document) ?? { x: resolution, y: resolution };
      const width = (image.width / density.x) * 72;
      const height = (image.height / density.y) * 72;
      out.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
    }
    const pdf = Buffer.from(await out.save());
    if (pdf.length > this.maxBytes)
      throw new ScanError('too_large', `the scan is larger than ${this.maxBytes} bytes`);
    return { pdf, pages: out.getPageCount() };
  }
}

/**
 * The pixel density a JPEG's JFIF header states, in dots per inch; undefined when it has none or
 * states only an aspect ratio (units 0), or a density no scanner uses.
 */
export function jfifDensity(jpeg: Buffer): { x: number; y: number } | undefined {
  // SOI, then APP0 "JFIF\0": version (2), units (1), Xdensity (2), Ydensity (2).
  if (jpeg.length < 18 || jpeg.readUInt16BE(0) !== 0xffd8 || jpeg.readUInt16BE(2) !== 0xffe0)
    return undefined;
  if (jpeg.toString('latin1', 6, 11) !== 'JFIF\0') return undefined;
  const units = jpeg[13];
  const perInch = units === 1 ? 1 : units === 2 ? 2.54 : 0;
  const x = jpeg.readUInt16BE(14) * perInch;
  const y = jpeg.readUInt16BE(16) * perInch;
  if (x < 10 || y < 10 || x > 9_600 || y > 9_600) return undefined;
  return { x, y };
}

async function loadPdf(data: Buffer): Promise<PDFDocument> {
  try {
    // A copy: pdf-lib reads the whole ArrayBuffer, and a small Buffer is a slice of a shared pool.
    return await PDFDocument.load(new Uint8Array(data), { updateMetadata: false });
  } catch (err) {
    throw new ScanError(
      'scanner_error',
      `the scanner sent a document that is not a PDF (${(err as Error).message})`,
    );
  }
}

async function countPdfPages(data: Buffer): Promise<number> {
  return (await loadPdf(data)).getPageCount();
}
