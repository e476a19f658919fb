import fs from 'node:fs/promises';
import { runTool } from '../documents';

// What a scan upload is: a PDF (by its bytes, not by what the agent says) and how many pages it
// has. The page tree is walked by qpdf in the documents module's sandbox for untrusted files
// (runTool: time- and memory-limited at lowered priority), so a 50 MB scan never stalls the HTTP
// event loop and a hostile file cannot take the server's memory.

const QPDF_TIMEOUT_MS = 60_000;
const QPDF_MEMORY_BYTES = 1024 * 1024 * 1024;
/** A PDF's header may follow some junk (Acrobat accepts it within the first 1024 bytes). */
const HEADER_WINDOW_BYTES = 1024;

/** Whether the file starts like a PDF (`%PDF-` within its first 1024 bytes). */
export async function looksLikePdf(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_WINDOW_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_WINDOW_BYTES, 0);
    return buffer.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

/** The number of pages qpdf finds in the page tree; null when it cannot read the file. */
export async function countPdfPages(file: string): Promise<number | null> {
  const result = await runTool('qpdf', ['--show-npages', '--no-warn', file], {
    timeoutMs: QPDF_TIMEOUT_MS,
    memoryBytes: QPDF_MEMORY_BYTES,
    maxStdoutBytes: 64 * 1024,
  });
  // qpdf: 0 = fine, 3 = read with warnings (repaired); anything else did not read it.
  if (result.timedOut || (result.code !== 0 && result.code !== 3)) return null;
  const pages = Number.parseInt(result.stdout.toString('utf8').trim(), 10);
  return Number.isInteger(pages) ? pages : null;
}
