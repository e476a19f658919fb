import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MIN_LOGO_HEIGHT_PX, type TPrinterImageKind } from '@printomat/shared';
import type { TAppContext } from '../../context';

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

/**
 * Printer images in the file storage (ctx.storage) under `printer-images/`, by server-made names;
 * the printer row keeps the name without the folder (the local backend keeps them in
 * `DATA_DIR/printer-images`, as before).
 */
export class PrinterImageStore {
  constructor(private readonly storage: TFileStorage) {}

  async write(image: TCheckedImage): Promise<string> {
    const key = `${image.kind}-${randomUUID()}.${image.extension}`;
    await this.storage.put(storageKey(key), image.data);
    return key;
  }

  /** The image's bytes as a stream, or undefined when it is gone. */
  open(key: string): ReturnType<TFileStorage['openIfPresent']> {
    return this.storage.openIfPresent(storageKey(key));
  }

  async remove(key: string | null): Promise<void> {
    if (key) await this.storage.remove(storageKey(key));
  }
}

// Through the context: printers may not import documents (documents -> printjobs -> printers).
type TFileStorage = TAppContext['storage'];

function storageKey(key: string): string {
  return `${PRINTER_IMAGES_FOLDER}/${key}`;
}

/** The storage folder of printer images (create-storage.ts maps it to `DATA_DIR/printer-images`). */
const PRINTER_IMAGES_FOLDER = 'printer-images';

export function contentTypeOf(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
