import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PDF_BOLD_FONT_FILE,
  DEFAULT_PDF_FONT_FILE,
  embedPdfFonts,
  readFontFile,
  type TPdfFonts,
} from './pdf-fonts';
import { wrapText } from './pdf-text';

// The shared PDF helpers (lib/pdf-text, lib/pdf-fonts), measured with the real DejaVu font.

let fonts: TPdfFonts;

beforeAll(async () => {
  fonts = await embedPdfFonts(await PDFDocument.create(), {
    fontFile: DEFAULT_PDF_FONT_FILE,
    boldFontFile: DEFAULT_PDF_BOLD_FONT_FILE,
  });
});

const width = (text: string, size = 10) => fonts.regular.widthOfTextAtSize(text, size);

describe('wrapText', () => {
  it('breaks between words so that every line fits, and keeps every word', () => {
    const text = 'Zeskanuj kod telefonem albo otwórz printomat.test i wpisz kod 418273';
    const lines = wrapText(text, fonts.regular, 10, width('Zeskanuj kod telefonem'));
    expect(lines).toEqual([
      'Zeskanuj kod telefonem',
      'albo otwórz',
      'printomat.test i wpisz',
      'kod 418273',
    ]);
  });

  it('starts a new line at a line break and cuts a word longer than the line', () => {
    const long = 'Ż'.repeat(30);
    const lines = wrapText(`Aleja ${long}\nWarszawa`, fonts.regular, 10, width('Ż'.repeat(12)));
    expect(lines).toEqual(['Aleja', 'Ż'.repeat(12), 'Ż'.repeat(12), 'Ż'.repeat(6), 'Warszawa']);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(width('Ż'.repeat(12)));
  });

  it('leaves a single letter wider than the line on its own line instead of cutting forever', () => {
    expect(wrapText('W i', fonts.regular, 10, width('W') / 2)).toEqual(['W', 'i']);
  });
});

describe('readFontFile', () => {
  it('reads a font once, and a missing font is read again once it is installed', async () => {
    expect(readFontFile(DEFAULT_PDF_FONT_FILE)).toBe(readFontFile(DEFAULT_PDF_FONT_FILE));
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-fonts-'));
    const file = path.join(dir, 'later.ttf');
    try {
      await expect(readFontFile(file)).rejects.toThrow(/ENOENT/);
      await fs.copyFile(DEFAULT_PDF_FONT_FILE, file);
      // Compared with Buffer.equals: a deep equal of 700 kB byte by byte takes seconds.
      const installed = Buffer.from(await readFontFile(file));
      expect(installed.equals(await fs.readFile(DEFAULT_PDF_FONT_FILE))).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
