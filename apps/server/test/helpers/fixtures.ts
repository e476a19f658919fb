import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFNumber, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A PDF whose pages 1-based in `colourPages` carry a red box; every page has black RGB text. */
export async function makePdf(pageCount: number, colourPages: number[] = []): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pageCount; i++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let line = 0; line < 30; line++) {
      page.drawText(
        `Page ${i}, line ${line}: black text drawn in RGB, as office suites write it.`,
        {
          x: 40,
          y: 800 - line * 20,
          size: 11,
          font,
          color: rgb(0, 0, 0),
        },
      );
    }
    page.drawRectangle({ x: 60, y: 60, width: 120, height: 60, color: rgb(0.55, 0.55, 0.55) });
    if (colourPages.includes(i))
      page.drawRectangle({ x: 300, y: 80, width: 200, height: 120, color: rgb(0.85, 0.1, 0.1) });
  }
  return Buffer.from(await doc.save());
}

/** A PDF holding `realPages` pages whose page tree claims /Count 1 (fools pdfinfo and qpdf). */
export async function makeLyingPdf(realPages: number): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf(realPages));
  doc.catalog.Pages().set(PDFName.of('Count'), PDFNumber.of(1));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** An AES-256 PDF that needs a user password to open. */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'printomat-fixture-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), await makePdf(2));
    execFileSync(
      'qpdf',
      ['--encrypt', 'user-secret', 'owner-secret', '256', '--', 'in.pdf', 'out.pdf'],
      { cwd: dir },
    );
    return fs.readFileSync(path.join(dir, 'out.pdf'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function makeColourPng(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .png()
    .toBuffer();
}

export function makeGreyJpeg(width = 600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipartBody(
  field: string,
  fileName: string,
  content: Buffer,
  type = 'application/octet-stream',
) {
  const boundary = `----printomat${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * A DOCX-shaped zip whose central directory declares entries of ~4 GB each (a decompression
 * bomb as the archive describes itself). The data itself is tiny and stored uncompressed.
 */
export function makeZipBomb(): Buffer {
  const entries = ['[Content_Types].xml', 'word/document.xml'];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from('<x/>');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(0xfffffff0, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(0xfffffff0, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
