/**
 * Reads QR codes from camera frames and photos: the browser's `BarcodeDetector` (Chrome on
 * Android and macOS, Safari 17+) when it knows `qr_code`, else jsQR on the pixels of a canvas.
 */

// Not in TypeScript's DOM library yet (Shape Detection API).
interface TBarcodeDetector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
interface TBarcodeDetectorClass {
  new (options: { formats: string[] }): TBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** A frame source: the camera's `<video>` or a decoded photo. */
type TFrame = HTMLVideoElement | ImageBitmap;

/** jsQR gets at most this many pixels on the long side: enough for a sticker, fast on a phone. */
const MAX_SIDE_PX = 1024;

export type TQrDecoder = {
  /** The text of a QR code in the frame, or null; `'detector'` or `'jsqr'` for tests and logs. */
  decode(frame: TFrame): Promise<string | null>;
  readonly engine: 'detector' | 'jsqr';
};

async function nativeDetector(): Promise<TBarcodeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: TBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

function frameSize(frame: TFrame): { width: number; height: number } {
  return frame instanceof HTMLVideoElement
    ? { width: frame.videoWidth, height: frame.videoHeight }
    : { width: frame.width, height: frame.height };
}

export async function createQrDecoder(): Promise<TQrDecoder> {
  const detector = await nativeDetector();
  if (detector) {
    return {
      engine: 'detector',
      async decode(frame) {
        const found = await detector.detect(frame);
        return found.find((code) => code.rawValue !== '')?.rawValue ?? null;
      },
    };
  }
  const { decodeImageData } = await import('./qr-jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    engine: 'jsqr',
    decode(frame) {
      const { width, height } = frameSize(frame);
      if (!context || width === 0 || height === 0) return Promise.resolve(null);
      const scale = Math.min(1, MAX_SIDE_PX / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(frame, 0, 0, canvas.width, canvas.height);
      return Promise.resolve(
        decodeImageData(context.getImageData(0, 0, canvas.width, canvas.height)),
      );
    },
  };
}
