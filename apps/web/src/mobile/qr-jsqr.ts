import jsQR from 'jsqr';

/**
 * The library fallback for browsers without `BarcodeDetector` (Firefox, desktop Chromium on
 * Linux and Windows, older Safari): the QR code's text in an RGBA frame, or null. Its own module
 * so that browsers with the detector never download it.
 */
export function decodeImageData(image: {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}): string | null {
  // Also inverted codes (light on dark): a sticker photographed through glass can come out so.
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return found && found.data !== '' ? found.data : null;
}
