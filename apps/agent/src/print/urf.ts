import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/** PWG raster: "RaS2", then per page a header of this size and the compressed lines. */
const PWG_SYNC = 'RaS2';
const PWG_HEADER_BYTES = 1796;
/** cups/raster.h colour spaces and their numbers in URF page headers. */
const URF_COLOR_SPACE: Record<number, number> = { 18: 0 /* sgray */, 19: 1 /* srgb */ };

/** A URF page header (32 bytes) for the PWG page header `h`. */
function urfPageHeader(h: Buffer): Buffer {
  const space = URF_COLOR_SPACE[h.readUInt32BE(400)];
  const bitsPerPixel = h.readUInt32BE(388);
  if (space === undefined || (bitsPerPixel !== 8 && bitsPerPixel !== 24))
    throw new Error('URF takes only 8-bit grey or 24-bit sRGB rasters');
  const duplex = h.readUInt32BE(272) === 1;
  const tumble = h.readUInt32BE(368) === 1;
  const out = Buffer.alloc(32);
  out.writeUInt8(bitsPerPixel, 0);
  out.writeUInt8(space, 1);
  out.writeUInt8(duplex ? (tumble ? 2 : 3) : 1, 2);
  out.writeUInt8(4, 3); // print quality: normal
  out.writeUInt32BE(h.readUInt32BE(372), 12); // width
  out.writeUInt32BE(h.readUInt32BE(376), 16); // height
  out.writeUInt32BE(h.readUInt32BE(276), 20); // dpi
  return out;
}

/**
 * Rewrites a PWG raster as Apple raster (URF, "UNIRAST"), streaming: both formats compress
 * lines the same way (a line-repeat byte, then runs of repeated or literal pixels, 128 = rest of
 * the line white) for 8-bit grey and 24-bit sRGB, so only the headers change and the page data
 * is copied as it is. `pages` is the number of pages the raster has (URF states it up front);
 * a raster with another number is an error.
 */
export async function pwgToUrf(input: string, output: string, pages: number): Promise<void> {
  const out = await open(output, 'w');
  try {
    const fileHeader = Buffer.alloc(12);
    fileHeader.write('UNIRAST\0', 0, 'latin1');
    fileHeader.writeUInt32BE(pages, 8);
    await out.write(fileHeader);

    let sync = Buffer.alloc(0);
    let header = Buffer.alloc(0);
    let inHeader = true;
    let seen = 0;
    // Page data: lines still to come; bytes of the current line; bytes of a run to pass over.
    let bytesPerLine = 0;
    let unit = 1;
    let linesLeft = 0;
    let lineLeft = 0;
    let skip = 0;
    for await (const data of createReadStream(input, { highWaterMark: 1 << 20 })) {
      let chunk = data as Buffer;
      if (sync.length < 4) {
        const take = Math.min(4 - sync.length, chunk.length);
        sync = Buffer.concat([sync, chunk.subarray(0, take)]);
        chunk = chunk.subarray(take);
        if (sync.length === 4 && sync.toString('latin1') !== PWG_SYNC)
          throw new Error('not a PWG raster');
      }
      let pos = 0;
      let copyFrom = 0;
      while (pos < chunk.length) {
        if (inHeader) {
          const take = Math.min(PWG_HEADER_BYTES - header.length, chunk.length - pos);
          header = Buffer.concat([header, chunk.subarray(pos, pos + take)]);
          pos += take;
          copyFrom = pos;
          if (header.length < PWG_HEADER_BYTES) continue;
          seen += 1;
          if (seen > pages) throw new Error(`the raster has more than ${pages} pages`);
          await out.write(urfPageHeader(header));
          bytesPerLine = header.readUInt32BE(392);
          unit = Math.max(1, header.readUInt32BE(388) / 8);
          linesLeft = header.readUInt32BE(376);
          lineLeft = 0;
          skip = 0;
          header = Buffer.alloc(0);
          inHeader = linesLeft === 0;
          continue;
        }
        if (skip > 0) {
          const step = Math.min(skip, chunk.length - pos);
          skip -= step;
          pos += step;
        } else if (lineLeft === 0) {
          // A line starts: its repeat count covers this many lines.
          linesLeft -= chunk[pos]! + 1;
          lineLeft = bytesPerLine;
          pos += 1;
        } else {
          const op = chunk[pos]!;
          pos += 1;
          const bytes = op === 128 ? lineLeft : op < 128 ? (op + 1) * unit : (257 - op) * unit;
          lineLeft = Math.max(0, lineLeft - bytes);
          skip = op === 128 ? 0 : op < 128 ? unit : bytes;
        }
        if (lineLeft === 0 && skip === 0 && linesLeft <= 0) {
          // The page ends here: its data goes out, the next page's header follows.
          await out.write(chunk.subarray(copyFrom, pos));
          copyFrom = pos;
          inHeader = true;
        }
      }
      if (!inHeader && copyFrom < chunk.length) await out.write(chunk.subarray(copyFrom));
    }
    if (!inHeader || header.length > 0) throw new Error('the raster ends mid-page');
    if (seen !== pages) throw new Error(`the raster has ${seen} pages, not ${pages}`);
  } finally {
    await out.close();
  }
}
