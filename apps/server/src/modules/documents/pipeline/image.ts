import fs from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { DocumentFailure } from './failure';

// A4 in PostScript points, with a 10 mm margin.
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28.35;
// Refuse decompression bombs: 100 megapixels is beyond any phone camera, and a 9,990 px
// square scan still passes. sharp decodes and shrinks it in streaming fashion, so memory stays
// bounded by the output, not by this limit.
const MAX_PIXELS = 100_000_000;
// Print resolution: A4 at 300 dpi. Larger images are shrunk to fit before pdf-lib embeds them
// (it decodes PNGs in JavaScript; a 100 MP one took seconds of pure CPU and ~400 MB).
export const PRINT_PIXELS = { short: 2480, long: 3508 };

/**
 * Puts an image on an A4 page (turned to landscape for wide images), applying the EXIF
 * rotation phones record, shrunk to at most 300 dpi on that page. Multi-frame images (GIF,
 * TIFF) print their first frame.
 */
export async function imageToPdf(
  input: string,
  output: string,
): Promise<{ pageCount: 1; maxPageSide: number; width: number; height: number }> {
  let encoded: { data: Buffer; width: number; height: number; png: boolean };
  try {
    const source = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    // EXIF orientations 5-8 turn the image by 90 degrees: its printed width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const wide = (turned ? meta.height : meta.width) > (turned ? meta.width : meta.height);
    const image = source.rotate().resize({
      width: wide ? PRINT_PIXELS.long : PRINT_PIXELS.short,
      height: wide ? PRINT_PIXELS.short : PRINT_PIXELS.long,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const png = meta.hasAlpha === true || meta.format === 'png' || meta.format === 'gif';
    const { data, info } = await (
      png ? image.png() : image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 })
    ).toBuffer({
      resolveWithObject: true,
    });
    encoded = { data, width: info.width, height: info.height, png };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw new DocumentFailure('too_complex', message);
    throw new DocumentFailure('corrupt', message);
  }
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const embedded = encoded.png
    ? await pdf.embedPng(encoded.data)
    : await pdf.embedJpg(encoded.data);
  const landscape = encoded.width > encoded.height;
  const pageWidth = landscape ? A4.height : A4.width;
  const pageHeight = landscape ? A4.width : A4.height;
  const scale = Math.min(
    (pageWidth - 2 * MARGIN) / encoded.width,
    (pageHeight - 2 * MARGIN) / encoded.height,
  );
  const width = encoded.width * scale;
  const height = encoded.height * scale;
  const page = pdf.addPage([pageWidth, pageHeight]);
  page.drawImage(embedded, {
    x: (pageWidth - width) / 2,
    y: (pageHeight - height) / 2,
    width,
    height,
  });
  await fs.writeFile(output, await pdf.save());
  return { pageCount: 1, maxPageSide: A4.height, width: encoded.width, height: encoded.height };
}
