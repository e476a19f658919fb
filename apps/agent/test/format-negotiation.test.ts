import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile as writeFileBytes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  PDFDocument,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterCapabilities } from '../src/ipp/capabilities.js';
import { createIppClient } from '../src/ipp/ipp-client.js';
import { type TestPrinter, startTestPrinter } from '../src/kiosk/ipp-printer.js';
import { rasterise } from '../src/print/ghostscript.js';
import { type JobSettings, prepareDocument } from '../src/print/prepare.js';
import { pwgToUrf } from '../src/print/urf.js';
import { channelMeans, parsePwgRaster, parseUrf } from './pwg-raster.js';

const LETTER: [number, number] = [612, 792];

/**
 * A Letter-size PDF; `dark` lists, per page, the regions filled (fractions of the page, y from
 * the top) in `color`; other pages stay white.
 */
async function makePdf(
  pages: number,
  dark: Record<number, { x0: number; y0: number; x1: number; y1: number }> = {},
  color = rgb(0, 0, 0),
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(LETTER);
    const r = dark[i];
    if (r)
      page.drawRectangle({
        x: r.x0 * LETTER[0],
        y: (1 - r.y1) * LETTER[1],
        width: (r.x1 - r.x0) * LETTER[0],
        height: (r.y1 - r.y0) * LETTER[1],
        color,
      });
  }
  return Buffer.from(await doc.save());
}

const settings = (over: Partial<JobSettings> = {}): JobSettings => ({
  sides: 'one-sided',
  colorMode: 'monochrome',
  numberUp: 1,
  orientation: null,
  ...over,
});

/** Prepares a document for the printer as the agent does, prints it, returns what was spooled. */
async function printThrough(
  printer: TestPrinter,
  pdf: Buffer,
  job: JobSettings,
  copies = 1,
): Promise<{ file: Buffer; env: Record<string, string>; caps: PrinterCapabilities }> {
  const client = createIppClient(printer.uri);
  const caps = await client.getCapabilities();
  const prepared = await prepareDocument(pdf, job, copies, caps);
  if (!prepared.ok) throw new Error(prepared.reason);
  try {
    const { jobId } = await client.printJob(prepared.data, {
      jobName: 'negotiated',
      ...prepared.attrs,
    });
    const final = await client.waitForJob(jobId, { timeoutMs: 20_000, pollMs: 100 });
    expect(final.state).toBe('completed');
    const seen = (await printer.printedJobs()).find((j) => j.env.IPP_JOB_ID === String(jobId));
    if (!seen) throw new Error('the printer did not run the job');
    return { file: await readFile(seen.file), env: seen.env, caps };
  } finally {
    await prepared.cleanup();
  }
}

const FULL = { x0: 0, y0: 0, x1: 1, y1: 1 };
const TOP_LEFT = { x0: 0.05, y0: 0.05, x1: 0.45, y1: 0.45 };

describe('format negotiation against ippeveprinter', () => {
  let pdfPrinter: TestPrinter;
  let rasterMono: TestPrinter;
  let rasterColor: TestPrinter;
  let airPrint: TestPrinter;

  beforeAll(async () => {
    [pdfPrinter, rasterMono, rasterColor, airPrint] = await Promise.all([
      startTestPrinter({ name: 'PdfPrinter' }),
      startTestPrinter({ name: 'RasterMono', formats: ['image/pwg-raster'] }),
      startTestPrinter({ name: 'RasterColor', formats: ['image/pwg-raster'], color: true }),
      startTestPrinter({ name: 'AirPrint', formats: ['image/urf', 'image/jpeg'], color: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([
      pdfPrinter?.stop(),
      rasterMono?.stop(),
      rasterColor?.stop(),
      airPrint?.stop(),
    ]);
  });

  it('reads what a raster-only printer accepts', async () => {
    const caps = await createIppClient(rasterColor.uri).getCapabilities();
    expect(caps).toMatchObject({
      pwgResolutions: [300, 600],
      pwgSheetBack: 'rotated',
      maxCopies: 1,
      mediaDefault: 'na_letter_8.5x11in',
    });
    expect(caps.documentFormats).toContain('image/pwg-raster');
    expect(caps.documentFormats).not.toContain('application/pdf');
    expect(caps.pwgTypes).toEqual(expect.arrayContaining(['sgray_8', 'srgb_8']));
    expect(caps.colorModes).toContain('color');
    expect(caps.sides).toContain('two-sided-long-edge');
  });

  it('sends a PDF-capable printer the PDF unchanged', async () => {
    const pdf = await makePdf(2, { 0: TOP_LEFT });
    const { file, env } = await printThrough(pdfPrinter, pdf, settings({ numberUp: 2 }), 2);
    expect(file.equals(pdf)).toBe(true);
    // Its own layout applies, as before.
    expect(env).toMatchObject({ IPP_NUMBER_UP: '2', IPP_COPIES: '2' });
  });

  it('renders a greyscale job as an 8-bit grey PWG raster at 300 dpi, one page per page', async () => {
    const pdf = await makePdf(3, { 1: TOP_LEFT });
    const { file, env } = await printThrough(rasterColor, pdf, settings());
    expect(file.subarray(0, 4).toString('latin1')).toBe('RaS2');
    const pages = parsePwgRaster(file);
    expect(pages).toHaveLength(3);
    for (const page of pages)
      expect(page).toMatchObject({
        dpi: [300, 300],
        colorSpace: 'sgray',
        bitsPerPixel: 8,
        width: 2550,
        height: 3300,
        pageSize: LETTER,
        pageSizeName: 'na_letter_8.5x11in',
        duplex: false,
      });
    // The second page has its dark corner where the PDF has it; the others are blank.
    expect(channelMeans(pages[1]!, TOP_LEFT)[0]).toBeLessThan(20);
    expect(channelMeans(pages[1]!, { x0: 0.55, y0: 0.55, x1: 0.95, y1: 0.95 })[0]).toBe(255);
    expect(channelMeans(pages[0]!, FULL)[0]).toBe(255);
    expect(env).toMatchObject({ IPP_PRINT_COLOR_MODE: 'monochrome' });
    expect(env).not.toHaveProperty('IPP_NUMBER_UP');
  });

  it('renders a colour job in sRGB on a colour printer, in grey on a monochrome one', async () => {
    const pdf = await makePdf(1, { 0: TOP_LEFT }, rgb(1, 0, 0));
    const colour = await printThrough(rasterColor, pdf, settings({ colorMode: 'color' }));
    const [page] = parsePwgRaster(colour.file);
    expect(page).toMatchObject({ colorSpace: 'srgb', bitsPerPixel: 24, dpi: [300, 300] });
    const [r, g, b] = channelMeans(page!, TOP_LEFT);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    expect(colour.env).toMatchObject({ IPP_PRINT_COLOR_MODE: 'color' });

    const mono = await printThrough(rasterMono, pdf, settings({ colorMode: 'color' }));
    const monoPages = parsePwgRaster(mono.file);
    expect(monoPages).toHaveLength(1);
    expect(monoPages[0]).toMatchObject({ colorSpace: 'sgray', bitsPerPixel: 8 });
    // Red comes out as a mid grey, not as white.
    expect(channelMeans(monoPages[0]!, TOP_LEFT)[0]).toBeLessThan(160);
    expect(mono.env).toMatchObject({ IPP_PRINT_COLOR_MODE: 'monochrome' });
  });

  it('lays out pages per sheet, copies and duplex back sides into the raster', async () => {
    // 4-up: five pages make two sides; page 1 (dark) fills the top-left quarter of side 1.
    const four = await printThrough(
      rasterMono,
      await makePdf(5, { 0: FULL }),
      settings({ numberUp: 4 }),
    );
    const fourUp = parsePwgRaster(four.file);
    expect(fourUp).toHaveLength(2);
    expect(channelMeans(fourUp[0]!, { x0: 0.1, y0: 0.1, x1: 0.4, y1: 0.4 })[0]).toBeLessThan(20);
    expect(channelMeans(fourUp[0]!, { x0: 0.6, y0: 0.1, x1: 0.9, y1: 0.9 })[0]).toBe(255);
    expect(channelMeans(fourUp[0]!, { x0: 0.1, y0: 0.6, x1: 0.4, y1: 0.9 })[0]).toBe(255);

    // 2-up of portrait pages: turned a quarter anticlockwise, page 1 on the lower half.
    const two = await printThrough(
      rasterMono,
      await makePdf(2, { 0: FULL }),
      settings({ numberUp: 2 }),
    );
    const twoUp = parsePwgRaster(two.file);
    expect(twoUp).toHaveLength(1);
    expect(channelMeans(twoUp[0]!, { x0: 0.2, y0: 0.6, x1: 0.8, y1: 0.9 })[0]).toBeLessThan(20);
    expect(channelMeans(twoUp[0]!, { x0: 0.05, y0: 0.05, x1: 0.95, y1: 0.45 })[0]).toBe(255);

    // Landscape asked for: the page is turned a quarter anticlockwise and scaled to fit, so its
    // top-left corner lands low on the left of the sheet, the sheet's top stays white.
    const land = await printThrough(
      rasterMono,
      await makePdf(1, { 0: TOP_LEFT }),
      settings({ orientation: 'landscape' }),
    );
    const [landscape] = parsePwgRaster(land.file);
    expect(channelMeans(landscape!, { x0: 0.1, y0: 0.56, x1: 0.4, y1: 0.74 })[0]).toBeLessThan(20);
    expect(channelMeans(landscape!, { x0: 0, y0: 0, x1: 1, y1: 0.5 })[0]).toBe(255);

    // Only a page's crop box shows: the right half of this page, centred on the sheet.
    const cropped = await PDFDocument.load(
      await makePdf(1, { 0: { x0: 0.5, y0: 0, x1: 1, y1: 0.25 } }),
    );
    cropped.getPage(0).setCropBox(LETTER[0] / 2, 0, LETTER[0] / 2, LETTER[1]);
    const crop = await printThrough(rasterMono, Buffer.from(await cropped.save()), settings());
    const [cropPage] = parsePwgRaster(crop.file);
    expect(channelMeans(cropPage!, { x0: 0.27, y0: 0.02, x1: 0.73, y1: 0.23 })[0]).toBeLessThan(20);
    expect(channelMeans(cropPage!, { x0: 0, y0: 0, x1: 0.23, y1: 1 })[0]).toBe(255);

    // The printer makes no copies of rasters (copies-supported 1): two copies of three pages
    // printed on both sides are rendered, the second copy starting on a new sheet.
    const copies = await printThrough(
      rasterMono,
      await makePdf(3),
      settings({ sides: 'two-sided-long-edge' }),
      2,
    );
    const copyPages = parsePwgRaster(copies.file);
    expect(copyPages).toHaveLength(7);
    expect(copyPages.every((p) => p.duplex && !p.tumble)).toBe(true);
    expect(copies.env).toMatchObject({ IPP_COPIES: '1', IPP_SIDES: 'two-sided-long-edge' });
  });

  it('turns back sides by 180° for a printer whose sheet-back is "rotated"', async () => {
    const pdf = await makePdf(2, { 0: TOP_LEFT, 1: TOP_LEFT });
    const duplex = await printThrough(rasterColor, pdf, settings({ sides: 'two-sided-long-edge' }));
    const [front, back] = parsePwgRaster(duplex.file);
    const BOTTOM_RIGHT = { x0: 0.55, y0: 0.55, x1: 0.95, y1: 0.95 };
    expect(channelMeans(front!, TOP_LEFT)[0]).toBeLessThan(20);
    expect(channelMeans(back!, BOTTOM_RIGHT)[0]).toBeLessThan(20);
    expect(channelMeans(back!, TOP_LEFT)[0]).toBe(255);
  });

  it('renders in a scratch directory that is removed afterwards, and within a time limit', async () => {
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'printomat-test-scratch-'));
    try {
      const caps = await createIppClient(rasterMono.uri).getCapabilities();
      const pdf = await makePdf(2);
      const prepared = await prepareDocument(pdf, settings(), 1, caps, { tmpDir });
      expect(prepared.ok).toBe(true);
      expect(await readdir(tmpDir)).toHaveLength(1);
      if (prepared.ok) await prepared.cleanup();
      expect(await readdir(tmpDir)).toEqual([]);

      // Ghostscript running past its limit is killed; nothing is left behind.
      await expect(
        prepareDocument(await makePdf(40), settings(), 1, caps, { tmpDir, renderTimeoutMs: 50 }),
      ).rejects.toThrow(/rendering took too long/);
      expect(await readdir(tmpDir)).toEqual([]);
      // A document that is not a PDF cannot be laid out.
      await expect(
        prepareDocument(Buffer.from('not a pdf'), settings(), 1, caps, { tmpDir }),
      ).rejects.toThrow(/could not be laid out/);
      expect(await readdir(tmpDir)).toEqual([]);
    } finally {
      await rm(tmpDir, { recursive: true, force: true });
    }
  });

  it('sends Apple raster (URF) to an AirPrint printer that takes neither PDF nor PWG raster', async () => {
    const pdf = await makePdf(2, { 0: TOP_LEFT, 1: TOP_LEFT }, rgb(1, 0, 0));
    const job = settings({ colorMode: 'color', sides: 'two-sided-long-edge' });
    const { file, env, caps } = await printThrough(airPrint, pdf, job, 2);
    expect(caps.urf).toEqual({
      resolutions: [600],
      types: expect.arrayContaining(['sgray_8', 'srgb_8']),
      sheetBack: 'rotated',
    });
    const urf = parseUrf(file);
    expect(urf.declaredPages).toBe(2);
    expect(urf.pages).toHaveLength(2);
    for (const page of urf.pages)
      expect(page).toMatchObject({
        dpi: 600,
        colorSpace: 'srgb',
        bitsPerPixel: 24,
        width: 5100,
        height: 6600,
        duplex: 3,
      });
    const [r, g] = channelMeans(urf.pages[0]!, TOP_LEFT);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    // DM3: back sides turned by 180°.
    expect(channelMeans(urf.pages[1]!, { x0: 0.55, y0: 0.55, x1: 0.95, y1: 0.95 })[1]).toBeLessThan(
      60,
    );
    // This printer makes copies itself.
    expect(env).toMatchObject({ IPP_COPIES: '2', IPP_PRINT_COLOR_MODE: 'color' });
  });

  it('rewrites PWG raster as URF pixel for pixel, across read chunks and page ends', async () => {
    // Grey noise at the rendering's own resolution: lines of literal pixels, megabytes a page,
    // and smaller pages in between so page ends fall inside read chunks.
    const doc = await PDFDocument.create();
    for (const [w, h] of [
      [2550, 3300],
      [300, 400],
      [2550, 3300],
    ] as const) {
      const image = doc.context.register(
        doc.context.stream(randomBytes(w * h), {
          Type: 'XObject',
          Subtype: 'Image',
          Width: w,
          Height: h,
          ColorSpace: 'DeviceGray',
          BitsPerComponent: 8,
        }),
      );
      const page = doc.addPage(LETTER);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(LETTER[0], 0, 0, LETTER[1], 0, 0),
        drawObject(page.node.newXObject('Noise', image)),
        popGraphicsState(),
      );
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'printomat-test-urf-'));
    try {
      const input = path.join(dir, 'in.pdf');
      await writeFileBytes(input, await doc.save());
      const pwg = path.join(dir, 'out.pwg');
      const urfFile = path.join(dir, 'out.urf');
      await rasterise({
        input,
        output: pwg,
        dpi: 300,
        colorSpace: 'sgray_8',
        media: null,
        sides: 'one-sided',
        timeoutMs: 60_000,
      });
      await pwgToUrf(pwg, urfFile, 3);
      const fromPwg = parsePwgRaster(await readFile(pwg));
      const urf = parseUrf(await readFile(urfFile));
      expect((await readFile(pwg)).length).toBeGreaterThan(4 << 20);
      expect(urf.pages).toHaveLength(3);
      urf.pages.forEach((page, i) => {
        expect(page.rows.length).toBe(fromPwg[i]!.rows.length);
        expect(page.rows.every((row, y) => row.equals(fromPwg[i]!.rows[y]!))).toBe(true);
      });
      await expect(pwgToUrf(pwg, urfFile, 2)).rejects.toThrow(/more than 2 pages/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
