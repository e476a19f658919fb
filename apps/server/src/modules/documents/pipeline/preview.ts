import fs from 'node:fs/promises';
import { ConcurrencyLimiter } from './limiter';
import { runTool } from './run-tool';

// 60 dpi is plenty for a thumbnail of an ordinary page; pages so large that 60 dpi would give
// more than this many pixels on their long side are rendered at a lower resolution instead
// (a 14,400 pt page at 60 dpi is 12,000 px square: 430 MB of raster per pdftoppm).
export const PREVIEW_DPI = 60;
export const PREVIEW_MAX_SIDE_PX = 2000;
const TOOL_TIMEOUT_MS = 30_000;
const TOOL_MEMORY_BYTES = 1024 * 1024 * 1024;

/**
 * All preview rendering of this process goes through here: at most 2 pdftoppm at once, the
 * rest wait up to 20 s. Shared by every person, so many parallel requests cannot multiply memory.
 */
export const previewLimiter = new ConcurrencyLimiter(2, 20_000);

// Several requests for the same page share one rendering.
const inFlight = new Map<string, Promise<void>>();

/** The longest side, in points, of the page's media or crop box, as poppler reads it. */
async function pageLongSide(pdfPath: string, page: number): Promise<number> {
  const info = await runTool('pdfinfo', ['-box', '-f', String(page), '-l', String(page), pdfPath], {
    timeoutMs: TOOL_TIMEOUT_MS,
    memoryBytes: TOOL_MEMORY_BYTES,
    maxStdoutBytes: 64 * 1024,
  });
  if (info.code !== 0) throw new Error(`pdfinfo failed: ${info.stderr.slice(0, 300)}`);
  let longest = 0;
  const box = /(?:MediaBox|CropBox):\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/g;
  for (const m of info.stdout.toString('latin1').matchAll(box)) {
    const [x1, y1, x2, y2] = m.slice(1, 5).map(Number) as [number, number, number, number];
    longest = Math.max(longest, Math.abs(x2 - x1), Math.abs(y2 - y1));
  }
  if (!(longest > 0)) throw new Error(`pdfinfo gave no page size for page ${page}`);
  return longest;
}

/** The resolution that keeps a page of this long side within PREVIEW_MAX_SIDE_PX. */
export function previewDpi(longSidePt: number): number {
  return Math.min(PREVIEW_DPI, (PREVIEW_MAX_SIDE_PX * 72) / longSidePt);
}

async function render(pdfPath: string, page: number, file: string): Promise<void> {
  const dpi = previewDpi(await pageLongSide(pdfPath, page));
  // Rendered beside the final name and renamed, so a concurrent reader never sees half a PNG.
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  try {
    const result = await runTool(
      'pdftoppm',
      [
        '-r',
        dpi.toFixed(3),
        '-f',
        String(page),
        '-l',
        String(page),
        '-png',
        '-singlefile',
        pdfPath,
        partial,
      ],
      { timeoutMs: TOOL_TIMEOUT_MS, memoryBytes: TOOL_MEMORY_BYTES },
    );
    if (result.code !== 0 || result.timedOut)
      throw new Error(
        `pdftoppm ${result.timedOut ? 'timed out' : 'failed'}: ${result.stderr.slice(0, 300)}`,
      );
    await fs.rename(`${partial}.png`, file);
  } finally {
    await fs.rm(`${partial}.png`, { force: true });
  }
}

/**
 * Renders one page of a PDF to `file` (PNG) unless it is there already, under the global preview
 * limit. Throws LimiterTimeoutError when the limit's queue is too long.
 */
export async function renderPreview(pdfPath: string, page: number, file: string): Promise<void> {
  const running = inFlight.get(file);
  if (running) return running;
  const job = previewLimiter
    .run(async () => {
      try {
        await fs.access(file);
      } catch {
        await render(pdfPath, page, file);
      }
    })
    .finally(() => inFlight.delete(file));
  inFlight.set(file, job);
  return job;
}
