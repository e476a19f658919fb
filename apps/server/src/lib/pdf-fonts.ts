import fs from 'node:fs/promises';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// The fonts of every PDF the server makes (invoices, printer stickers): one loader, one cache.

/** Debian fonts-dejavu-core (scripts/system-deps.sh): DejaVu has every Polish letter. */
export const DEFAULT_PDF_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const DEFAULT_PDF_BOLD_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** The TrueType files of the regular and the bold face. */
export type TPdfFontFiles = { fontFile: string; boldFontFile: string };

/** The two faces embedded in one document. */
export type TPdfFonts = { regular: PDFFont; bold: PDFFont };

// The UMD build's functions sit on `default` when Node loads it as CommonJS.
const fontkit =
  (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;

const fontCache = new Map<string, Promise<Uint8Array>>();

/** A font file's bytes, read once per process. */
export function readFontFile(file: string): Promise<Uint8Array> {
  let bytes = fontCache.get(file);
  if (!bytes) {
    bytes = fs.readFile(file);
    // A missing font file must not stay cached as a failure once it is installed.
    bytes.catch(() => fontCache.delete(file));
    fontCache.set(file, bytes);
  }
  return bytes;
}

/**
 * Registers fontkit with `doc` and embeds both faces, subset to the glyphs the document uses
 * (a font file that cannot be read rejects with its file system error).
 */
export async function embedPdfFonts(doc: PDFDocument, files: TPdfFontFiles): Promise<TPdfFonts> {
  doc.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await Promise.all([
    readFontFile(files.fontFile),
    readFontFile(files.boldFontFile),
  ]);
  return {
    regular: await doc.embedFont(regularBytes, { subset: true }),
    bold: await doc.embedFont(boldBytes, { subset: true }),
  };
}
