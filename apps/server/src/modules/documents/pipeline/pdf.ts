import fs from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { DocumentFailure } from './failure';
import { runTool } from './run-tool';

const TOOL_MEMORY_BYTES = 1024 * 1024 * 1024;

/** The longest side, in points, of any page's media or crop box: what rasterising must budget for. */
function longestPageSide(doc: PDFDocument): number {
  let longest = 0;
  for (const page of doc.getPages()) {
    for (const box of [page.getMediaBox(), page.getCropBox()]) {
      longest = Math.max(longest, Math.abs(box.width), Math.abs(box.height));
    }
  }
  return longest;
}

/**
 * Rewrites a PDF so its page count cannot lie, and returns that count.
 * 1. qpdf (memory- and time-limited) decrypts owner-password-only files, repairs damage and
 *    unpacks object streams, so step 2 never inflates attacker-sized streams itself.
 * 2. pdf-lib walks the real page tree (never trusting /Count) and copies every page into a new
 *    document, whose page tree it writes itself. Counting happens on that new file.
 */
export async function normalizePdf(
  input: string,
  output: string,
  options: { maxPages: number; timeoutMs: number },
): Promise<{ pageCount: number; maxPageSide: number }> {
  const repaired = `${output}.qpdf`;
  try {
    const qpdf = await runTool(
      'qpdf',
      [
        '--decrypt',
        '--object-streams=disable',
        '--stream-data=preserve',
        '--no-warn',
        input,
        repaired,
      ],
      { timeoutMs: options.timeoutMs, memoryBytes: TOOL_MEMORY_BYTES },
    );
    if (qpdf.timedOut) throw new DocumentFailure('too_complex', 'qpdf timed out');
    if (/invalid password|password/i.test(qpdf.stderr) && qpdf.code !== 0 && qpdf.code !== 3) {
      throw new DocumentFailure('password_protected');
    }
    // qpdf: 0 = fine, 3 = repaired with warnings, 2 = could not read.
    if (qpdf.code !== 0 && qpdf.code !== 3)
      throw new DocumentFailure('corrupt', qpdf.stderr.slice(0, 300));

    let source: PDFDocument;
    try {
      source = await PDFDocument.load(await fs.readFile(repaired), { updateMetadata: false });
    } catch (err) {
      if (err instanceof Error && /encrypt/i.test(err.message))
        throw new DocumentFailure('password_protected');
      throw new DocumentFailure('corrupt', err instanceof Error ? err.message : String(err));
    }
    let pageCount: number;
    try {
      pageCount = source.getPages().length;
    } catch (err) {
      throw new DocumentFailure(
        'corrupt',
        `page tree: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (pageCount === 0) throw new DocumentFailure('empty');
    if (pageCount > options.maxPages)
      throw new DocumentFailure('too_many_pages', `${pageCount} pages`);

    const target = await PDFDocument.create({ updateMetadata: false });
    const pages = await target.copyPages(source, source.getPageIndices());
    for (const page of pages) target.addPage(page);
    await fs.writeFile(output, await target.save({ useObjectStreams: false }));
    const check = await PDFDocument.load(await fs.readFile(output), { updateMetadata: false });
    return { pageCount: check.getPageCount(), maxPageSide: longestPageSide(check) };
  } finally {
    await fs.rm(repaired, { force: true });
  }
}
