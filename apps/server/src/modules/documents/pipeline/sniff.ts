import fs from 'node:fs/promises';
import { DocumentFailure } from './failure';

export type TDetectedType =
  | { kind: 'pdf' }
  | { kind: 'image'; format: 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'bmp' }
  | { kind: 'office'; extension: string }
  | { kind: 'text' };

const OFFICE_EXTENSIONS = new Set([
  'doc',
  'docx',
  'odt',
  'rtf',
  'xls',
  'xlsx',
  'ods',
  'ppt',
  'pptx',
  'odp',
]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
// Office archives: refuse those that unpack to more than this, or expand suspiciously.
const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
const MAX_RATIO = 200;

const startsWith = (buf: Buffer, sig: string | Buffer, at = 0) =>
  buf
    .subarray(at, at + sig.length)
    .equals(typeof sig === 'string' ? Buffer.from(sig, 'latin1') : sig);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

interface TZipEntry {
  name: string;
  compressed: number;
  uncompressed: number;
}

/** Reads a zip's central directory (names and sizes) without unpacking anything. */
async function readZipEntries(file: fs.FileHandle, size: number): Promise<TZipEntry[]> {
  const tailSize = Math.min(size, 65_557);
  const tail = Buffer.alloc(tailSize);
  await file.read(tail, 0, tailSize, size - tailSize);
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new DocumentFailure('corrupt', 'zip without end of central directory');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset + cdSize > size || cdSize > 16 * 1024 * 1024)
    throw new DocumentFailure('corrupt', 'bad zip directory');
  const cd = Buffer.alloc(cdSize);
  await file.read(cd, 0, cdSize, cdOffset);
  const entries: TZipEntry[] = [];
  let pos = 0;
  for (let i = 0; i < count && pos + 46 <= cd.length; i++) {
    if (cd.readUInt32LE(pos) !== 0x02014b50) throw new DocumentFailure('corrupt', 'bad zip entry');
    const compressed = cd.readUInt32LE(pos + 20);
    const uncompressed = cd.readUInt32LE(pos + 24);
    const nameLength = cd.readUInt16LE(pos + 28);
    const extraLength = cd.readUInt16LE(pos + 30);
    const commentLength = cd.readUInt16LE(pos + 32);
    entries.push({
      name: cd.toString('utf8', pos + 46, pos + 46 + nameLength),
      compressed,
      uncompressed,
    });
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function officeExtensionFromZip(entries: TZipEntry[], fallback: string): string | undefined {
  const names = new Set(entries.map((e) => e.name));
  if (names.has('[Content_Types].xml')) {
    if (entries.some((e) => e.name.startsWith('word/'))) return 'docx';
    if (entries.some((e) => e.name.startsWith('xl/'))) return 'xlsx';
    if (entries.some((e) => e.name.startsWith('ppt/'))) return 'pptx';
  }
  if (names.has('mimetype') && names.has('content.xml')) {
    return ['odt', 'ods', 'odp'].includes(fallback) ? fallback : 'odt';
  }
  return undefined;
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  // Valid UTF-8 (a cut multi-byte character at the end of the sample is fine).
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      head.subarray(0, Math.max(0, head.length - 4)),
    );
  } catch {
    return false;
  }
  let control = 0;
  for (const byte of head) if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  return control / head.length < 0.01;
}

/** Recognises a file by its content (magic bytes), never by its name alone. */
export async function detectFileType(
  filePath: string,
  originalName: string,
): Promise<TDetectedType> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    if (size === 0) throw new DocumentFailure('empty');
    const head = Buffer.alloc(Math.min(size, 8192));
    await file.read(head, 0, head.length, 0);
    // PDF header may follow some junk within the first 1024 bytes (as readers accept).
    const pdfAt = head.subarray(0, 1024).indexOf('%PDF-');
    if (pdfAt >= 0) return { kind: 'pdf' };
    if (startsWith(head, Buffer.from([0xff, 0xd8, 0xff]))) return { kind: 'image', format: 'jpeg' };
    if (startsWith(head, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
      return { kind: 'image', format: 'png' };
    if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a'))
      return { kind: 'image', format: 'gif' };
    if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8))
      return { kind: 'image', format: 'webp' };
    if (startsWith(head, 'II*\u0000') || startsWith(head, 'MM\u0000*'))
      return { kind: 'image', format: 'tiff' };
    if (startsWith(head, 'BM') && head.length > 26) return { kind: 'image', format: 'bmp' };
    const nameExtension = extensionOf(originalName);
    if (startsWith(head, OLE2)) {
      // doc/xls/ppt, or an encrypted OOXML file (which LibreOffice reports as password protected).
      return {
        kind: 'office',
        extension: ['doc', 'xls', 'ppt', 'docx', 'xlsx', 'pptx'].includes(nameExtension)
          ? nameExtension
          : 'doc',
      };
    }
    if (startsWith(head, 'PK\u0003\u0004')) {
      const entries = await readZipEntries(file, size);
      const unpacked = entries.reduce((sum, e) => sum + e.uncompressed, 0);
      const packed = entries.reduce((sum, e) => sum + e.compressed, 0);
      if (
        unpacked > MAX_UNPACKED_BYTES ||
        (packed > 0 && unpacked / packed > MAX_RATIO && unpacked > 50 * 1024 * 1024)
      ) {
        throw new DocumentFailure('too_complex', `zip unpacks to ${unpacked} bytes`);
      }
      const extension = officeExtensionFromZip(entries, nameExtension);
      if (!extension)
        throw new DocumentFailure('unsupported', 'zip that is not an office document');
      return { kind: 'office', extension };
    }
    if (startsWith(head, '{\\rtf')) return { kind: 'office', extension: 'rtf' };
    if (looksLikeText(head)) return { kind: 'text' };
    throw new DocumentFailure(
      'unsupported',
      `unknown content (${OFFICE_EXTENSIONS.has(nameExtension) ? nameExtension : 'no office extension'})`,
    );
  } finally {
    await file.close();
  }
}
