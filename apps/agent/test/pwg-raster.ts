/**
 * Reads a PWG Raster file (PWG 5102.4) the way a printer does, to check what the agent sent:
 * the "RaS2" sync word, then per page a 1796-byte header and run-length compressed lines.
 */
export interface PwgPage {
  /** HWResolution, dots per inch. */
  dpi: [number, number];
  /** cupsWidth × cupsHeight in pixels. */
  width: number;
  height: number;
  /** PageSize in points. */
  pageSize: [number, number];
  /** cupsColorSpace: 18 = sgray, 19 = srgb. */
  colorSpace: 'sgray' | 'srgb' | `other(${number})`;
  bitsPerPixel: number;
  duplex: boolean;
  tumble: boolean;
  pageSizeName: string;
  /** Every ROW_STEP-th decoded row (enough to look at, without holding whole pages). */
  rows: Buffer[];
  bytesPerLine: number;
}

const HEADER_BYTES = 1796;
const ROW_STEP = 4;

function cString(buf: Buffer, offset: number, length: number): string {
  const raw = buf.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('latin1');
}

/** Decodes a page's compressed lines (PWG and URF compress alike) from `pos`. */
function decodeLines(
  file: Buffer,
  pos: number,
  page: { height: number; bytesPerLine: number; bitsPerPixel: number },
): { rows: Buffer[]; end: number } {
  // Pixels are whole bytes in the compression (a byte at a time below 8 bits per pixel).
  const unit = Math.max(1, page.bitsPerPixel / 8);
  const rows: Buffer[] = [];
  let y = 0;
  while (y < page.height) {
    const repeat = file.readUInt8(pos++) + 1;
    const line = Buffer.alloc(page.bytesPerLine, 0xff);
    let x = 0;
    while (x < page.bytesPerLine) {
      const op = file.readUInt8(pos++);
      if (op === 128) {
        x = page.bytesPerLine; // the rest of the line is white
      } else if (op < 128) {
        const value = file.subarray(pos, pos + unit);
        pos += unit;
        for (let i = 0; i <= op; i++, x += unit) value.copy(line, x);
      } else {
        const count = (257 - op) * unit;
        file.copy(line, x, pos, pos + count);
        pos += count;
        x += count;
      }
    }
    for (let i = 0; i < repeat && y < page.height; i++, y++)
      if (y % ROW_STEP === 0) rows.push(line);
  }
  return { rows, end: pos };
}

export function parsePwgRaster(file: Buffer): PwgPage[] {
  if (file.subarray(0, 4).toString('latin1') !== 'RaS2') throw new Error('not a PWG raster');
  const pages: PwgPage[] = [];
  let pos = 4;
  while (pos < file.length) {
    const h = file.subarray(pos, pos + HEADER_BYTES);
    if (h.length < HEADER_BYTES) throw new Error('truncated page header');
    pos += HEADER_BYTES;
    const u32 = (offset: number) => h.readUInt32BE(offset);
    const space = u32(400);
    const page = { height: u32(376), bytesPerLine: u32(392), bitsPerPixel: u32(388) };
    const { rows, end } = decodeLines(file, pos, page);
    pos = end;
    pages.push({
      ...page,
      dpi: [u32(276), u32(280)],
      width: u32(372),
      pageSize: [u32(352), u32(356)],
      colorSpace: space === 18 ? 'sgray' : space === 19 ? 'srgb' : `other(${space})`,
      duplex: u32(272) === 1,
      tumble: u32(368) === 1,
      pageSizeName: cString(h, 1732, 64),
      rows,
    });
  }
  return pages;
}

export interface UrfRaster {
  /** The page count the file header states. */
  declaredPages: number;
  pages: Array<{
    dpi: number;
    width: number;
    height: number;
    bitsPerPixel: number;
    colorSpace: 'sgray' | 'srgb' | `other(${number})`;
    /** 1 one-sided, 2 short edge, 3 long edge. */
    duplex: number;
    rows: Buffer[];
    bytesPerLine: number;
  }>;
}

/** Reads an Apple raster (URF, "UNIRAST"): 12-byte file header, 32-byte page headers. */
export function parseUrf(file: Buffer): UrfRaster {
  if (file.subarray(0, 8).toString('latin1') !== 'UNIRAST\0') throw new Error('not a URF raster');
  const declaredPages = file.readUInt32BE(8);
  const pages: UrfRaster['pages'] = [];
  let pos = 12;
  while (pos < file.length) {
    const h = file.subarray(pos, pos + 32);
    if (h.length < 32) throw new Error('truncated page header');
    pos += 32;
    const bitsPerPixel = h.readUInt8(0);
    const width = h.readUInt32BE(12);
    const page = {
      height: h.readUInt32BE(16),
      bytesPerLine: (width * bitsPerPixel) / 8,
      bitsPerPixel,
    };
    const { rows, end } = decodeLines(file, pos, page);
    pos = end;
    const space = h.readUInt8(1);
    pages.push({
      ...page,
      width,
      dpi: h.readUInt32BE(20),
      colorSpace: space === 0 ? 'sgray' : space === 1 ? 'srgb' : `other(${space})`,
      duplex: h.readUInt8(2),
      rows,
    });
  }
  return { declaredPages, pages };
}

/**
 * Mean of each colour channel (0 dark … 255 light) over a region given in fractions of the page
 * (x from the left, y from the top), e.g. [r, g, b] for sRGB, [gray] for sgray.
 */
export function channelMeans(
  page: Pick<PwgPage, 'rows' | 'width' | 'height' | 'bitsPerPixel'>,
  region: { x0: number; y0: number; x1: number; y1: number },
): number[] {
  const channels = page.bitsPerPixel / 8;
  const sums = new Array<number>(channels).fill(0);
  let n = 0;
  const [r0, r1] = [region.y0, region.y1].map((f) => Math.floor((f * page.height) / ROW_STEP));
  const [c0, c1] = [region.x0, region.x1].map((f) => Math.floor(f * page.width));
  for (const row of page.rows.slice(r0, r1)) {
    for (let x = c0!; x < c1!; x += ROW_STEP) {
      for (let c = 0; c < channels; c++) sums[c]! += row[x * channels + c]!;
      n += 1;
    }
  }
  return sums.map((sum) => (n === 0 ? 255 : sum / n));
}
