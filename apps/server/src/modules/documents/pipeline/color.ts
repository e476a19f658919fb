import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DocumentFailure } from './failure';
import { runTool } from './run-tool';

// Rendered at 30 dpi: a page is colour when at least 4 pixels have a chroma
// (max channel - min channel) above 48 of 255. Black drawn in RGB and greys render with
// chroma 0, and a single line of small coloured text still gives dozens of such pixels.
const DPI = 30;
const CHROMA_THRESHOLD = 48;
const MIN_COLOUR_PIXELS = 4;
// Pages too large for 30 dpi to stay small (a 14,400 pt page would be 6,000 px square) are
// rendered with their long side at this many pixels instead: a bounded raster per page, about
// what a poster-sized page gives at 30 dpi, whatever size the file claims.
const MAX_LONG_SIDE_PX = 600;

function isColourPpm(buf: Buffer): boolean {
  // Binary PPM: "P6" width height maxval, each separated by white space, then RGB bytes.
  let pos = 2;
  for (let field = 0; field < 3; field++) {
    while (pos < buf.length && /\s/.test(String.fromCharCode(buf[pos] ?? 0))) pos++;
    while (pos < buf.length && !/\s/.test(String.fromCharCode(buf[pos] ?? 0))) pos++;
  }
  pos++;
  let found = 0;
  for (let i = pos; i + 2 < buf.length; i += 3) {
    const r = buf[i] ?? 0;
    const g = buf[i + 1] ?? 0;
    const b = buf[i + 2] ?? 0;
    if (Math.max(r, g, b) - Math.min(r, g, b) > CHROMA_THRESHOLD && ++found >= MIN_COLOUR_PIXELS)
      return true;
  }
  return false;
}

/** 1-based numbers of the pages of a (normalised) PDF that hold colour. */
export async function detectColorPages(
  pdfPath: string,
  pageCount: number,
  maxPageSide: number,
  timeoutMs: number,
): Promise<number[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-colour-'));
  const resolution =
    (maxPageSide / 72) * DPI > MAX_LONG_SIDE_PX
      ? ['-scale-to', String(MAX_LONG_SIDE_PX)]
      : ['-r', String(DPI)];
  try {
    const result = await runTool('pdftoppm', [...resolution, pdfPath, path.join(dir, 'p')], {
      timeoutMs,
      memoryBytes: 1024 * 1024 * 1024,
    });
    if (result.timedOut) throw new DocumentFailure('too_complex', 'colour detection timed out');
    if (result.code !== 0)
      throw new DocumentFailure('corrupt', `pdftoppm: ${result.stderr.slice(0, 300)}`);
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.ppm')).sort();
    if (files.length !== pageCount) {
      throw new DocumentFailure('corrupt', `rendered ${files.length} of ${pageCount} pages`);
    }
    const colour: number[] = [];
    for (const [index, file] of files.entries()) {
      if (isColourPpm(await fs.readFile(path.join(dir, file)))) colour.push(index + 1);
    }
    return colour;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
