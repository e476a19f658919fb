import type { PDFFont } from 'pdf-lib';

// Text layout shared by every PDF the server makes (invoices, printer stickers).

/**
 * Splits text into lines no wider than `width` at `size`: greedy at word boundaries, a line
 * break in the text starts a new line, and a word wider than a line (a long address or IBAN)
 * is cut where it must.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        const chars = Array.from(rest);
        // One glyph wider than the line stays as it is (cutting it would never end).
        if (chars.length < 2) break;
        let take = chars.length - 1;
        while (take > 1 && font.widthOfTextAtSize(chars.slice(0, take).join(''), size) > width)
          take -= 1;
        lines.push(chars.slice(0, take).join(''));
        rest = chars.slice(take).join('');
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines;
}
