import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MIN_LOGO_HEIGHT_PX, type TPrinterImageKind } from '@printomat/shared';

/** An image an admin sent for a printer, before it is checked. */
export interface TImageUpload {
  kind: TPrinterImageKind;
  /** null: the file was larger than MAX_PRINTER_IMAGE_BYTES and was not kept. */
  data: Buffer | null;
}

/** A checked image, re-encoded, ready to be written under a server-made name. */
export interface TCheckedImage {
  kind: TPrinterImageKind;
  extension: 'jpg' | 'png';
  data: Buffer;
}

export type TImageCheck =
  | { ok: true; image: TCheckedImage }
  | { ok: false; key: 'wrong_image_format' | 'image_too_small' | 'image_too_large' };

/** Larger images are scaled down: a logo or a photo on a page never needs more. */
const MAX_STORED_SIDE_PX = 2000;

/**
 * Spec section 5: jpg or png, at least 70 px high. The type is what sharp reads from the bytes,
 * never the file name; a file sharp cannot read is a wrong format. The image is re-encoded, so
 * what is stored and served is a plain image (no metadata, nothing appended).
 */
export async function checkPrinterImage(upload: TImageUpload): Promise<TImageCheck> {
  if (upload.data === null) return { ok: false, key: 'image_too_large' };
  let meta: Metadata;
  try {
    meta = await sharp(upload.data, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    return { ok: false, key: 'wrong_image_format' };
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png')
    return { ok: false, key: 'wrong_image_format' };
  // EXIF orientations 5-8 swap width and height.
  const height = (meta.orientation ?? 1) >= 5 ? meta.width : meta.height;
  if (!height || height < MIN_LOGO_HEIGHT_PX) return { ok: false, key: 'image_too_small' };
  try {
    const pipeline = sharp(upload.data).rotate().resize({
      width: MAX_STORED_SIDE_PX,
      height: MAX_STORED_SIDE_PX,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const data =
      meta.format === 'png'
        ? await pipeline.png().toBuffer()
        : await pipeline.jpeg({ quality: 85 }).toBuffer();
    return {
      ok: true,
      image: { kind: upload.kind, extension: meta.format === 'png' ? 'png' : 'jpg', data },
    };
  } catch {
    return { ok: false, key: 'wrong_image_format' };
  }
}

/** Printer images on local disk under `DATA_DIR/printer-images`, by server-made names. */
export class PrinterImageStore {
  constructor(readonly root: string) {}

  static under(dataDir: string): PrinterImageStore {
    return new PrinterImageStore(path.join(dataDir, 'printer-images'));
  }

  pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`bad image key ${key}`);
    return resolved;
  }

  async write(image: TCheckedImage): Promise<string> {
    const key = `${image.kind}-${randomUUID()}.${image.extension}`;
    await fs.mkdir(this.root, { recursive: true });
    await fs.writeFile(this.pathOf(key), image.data);
    return key;
  }

  async remove(key: string | null): Promise<void> {
    if (key) await fs.rm(this.pathOf(key), { force: true });
  }
}

export function contentTypeOf(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
