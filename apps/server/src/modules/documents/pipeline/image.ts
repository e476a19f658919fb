import fs from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { DocumentFailure } from './failure';

// A4 in PostScript points, with a 10 mm margin.
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28.35;
// Refuse decompression bombs: 100 megapixels is beyond any phone camera.
const MAX_PIXELS = 100_000_000;

/**
 * Puts an image on an A4 page (turned to landscape for wide images), applying the EXIF
 * rotation phones record. Multi-frame images (GIF, TIFF) print their first frame.
 */
export async function imageToPdf(input: string, output: string): Promise<{ pageCount: number }> {
  let encoded: { data: Buffer; width: number; height: number; png: boolean };
  try {
    const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const meta = await image.metadata();
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
  return { pageCount: 1 };
}
