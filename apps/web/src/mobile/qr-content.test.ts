import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { appPathFor, parseQrContent } from './qr-content';
import { decodeImageData } from './qr-jsqr';

const SITE = 'https://print.example';

describe('what a scanned QR code asks for', () => {
  it('opens a printer of this site (the stickers’ address, also the app’s own)', () => {
    expect(parseQrContent('https://print.example/printers/12', SITE)).toEqual({
      kind: 'printer',
      printerId: 12,
    });
    expect(parseQrContent('  https://print.example/printers/7/?utm=sticker \n', SITE)).toEqual({
      kind: 'printer',
      printerId: 7,
    });
    expect(parseQrContent('https://print.example/app?printer=3', SITE)).toEqual({
      kind: 'printer',
      printerId: 3,
    });
  });

  it('takes a bare six-digit print code', () => {
    expect(parseQrContent('418273', SITE)).toEqual({ kind: 'code', code: '418273' });
    expect(parseQrContent('41827', SITE)).toEqual({ kind: 'foreign' });
  });

  it('refuses everything else: other sites, other pages, no printer number', () => {
    for (const text of [
      'https://evil.example/printers/12',
      'http://print.example/printers/12',
      'https://print.example.evil.example/printers/12',
      'https://user:pw@print.example/printers/12',
      'https://print.example/printers/0',
      'https://print.example/printers/abc',
      'https://print.example/printers/12/edit',
      'https://print.example/account',
      'https://print.example/app?printer=x',
      'WIFI:S:cafe;T:WPA;P:secret;;',
      '',
    ]) {
      expect(parseQrContent(text, SITE), text).toEqual({ kind: 'foreign' });
    }
  });
});

describe('where the app goes for a scanned code', () => {
  it('opens the printer, releases with a bare code, and stays for anything else', () => {
    expect(appPathFor(parseQrContent('https://print.example/printers/12', SITE))).toEqual({
      pathname: '/app?printer=12',
    });
    expect(appPathFor(parseQrContent('418273', SITE))).toEqual({
      pathname: '/app',
      code: '418273',
    });
    expect(appPathFor(parseQrContent('https://evil.example/printers/12', SITE))).toBeNull();
  });
});

/** An RGBA picture of `text`'s QR code, 4 px per module with a 4-module quiet zone. */
function qrPicture(text: string, invert = false) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 4;
  const margin = 4;
  const width = (modules.size + margin * 2) * scale;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const mx = Math.floor(x / scale) - margin;
      const my = Math.floor(y / scale) - margin;
      const inside = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size;
      const dark = inside && modules.get(my, mx) === 1;
      const value = dark !== invert ? 0 : 255;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height: width };
}

describe('the library decoder (browsers without BarcodeDetector)', () => {
  it('reads a sticker’s QR code, also light on dark', () => {
    const url = 'https://print.example/printers/12';
    expect(decodeImageData(qrPicture(url))).toBe(url);
    expect(decodeImageData(qrPicture(url, true))).toBe(url);
  });

  it('answers null for a picture without a code', () => {
    const blank = new Uint8ClampedArray(64 * 64 * 4).fill(255);
    expect(decodeImageData({ data: blank, width: 64, height: 64 })).toBeNull();
  });
});
