import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';

const run = promisify(execFile);
const FIXTURE_SCRIPT = fileURLToPath(
  new URL('../fixtures/make-office-fixtures.py', import.meta.url),
);

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const OFFICE_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" ' +
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'office:version="1.3"';

/** A flat ODT whose pages each hold one paragraph, every page after the first starting with a page break. */
export function flatText(pages: string[][]): string {
  const body = pages
    .map((paragraphs, index) =>
      paragraphs
        .map(
          (paragraph, p) =>
            `<text:p text:style-name="${index > 0 && p === 0 ? 'PageStart' : 'Standard'}">${escapeXml(paragraph)}</text:p>`,
        )
        .join(''),
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles>
<style:style style:name="PageStart" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style>
</office:automatic-styles>
<office:body><office:text>${body}</office:text></office:body>
</office:document>
`;
}

/** A flat ODS with one sheet of rows. */
export function flatSpreadsheet(rows: string[][]): string {
  const body = rows
    .map(
      (cells) =>
        `<table:table-row>${cells
          .map(
            (cell) =>
              `<table:table-cell office:value-type="string"><text:p>${escapeXml(cell)}</text:p></table:table-cell>`,
          )
          .join('')}</table:table-row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet><table:table table:name="Prices">${body}</table:table></office:spreadsheet></office:body>
</office:document>
`;
}

/** A flat ODP with one text box per slide. */
export function flatPresentation(slides: string[]): string {
  const body = slides
    .map(
      (title, index) =>
        `<draw:page draw:name="Slide${index + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${escapeXml(title)}</text:p></draw:text-box></draw:frame></draw:page>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:body><office:presentation>${body}</office:presentation></office:body>
</office:document>
`;
}

/** A flat ODT with one image linked to a file outside the document and one embedded in it. */
export function flatTextWithImages(linkedFile: string, embeddedPng: Buffer): string {
  const frame = (name: string, image: string): string =>
    `<draw:frame draw:name="${name}" text:anchor-type="as-char" svg:width="3cm" svg:height="3cm">${image}</draw:frame>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} xmlns:xlink="http://www.w3.org/1999/xlink" office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text>
<text:p>Linked: ${frame('linked', `<draw:image xlink:href="${escapeXml(pathToFileURL(linkedFile).href)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>`)}</text:p>
<text:p>Embedded: ${frame('embedded', `<draw:image><office:binary-data>${embeddedPng.toString('base64')}</office:binary-data></draw:image>`)}</text:p>
</office:text></office:body>
</office:document>
`;
}

/**
 * A flat ODT whose paragraph style has a background image at url. LibreOffice 7.4 fetches such
 * images while loading even with BlockUntrustedRefererLinks set (which does stop linked
 * draw:image frames), so only the network sandbox stands between this document and the URL.
 */
export function flatTextWithBackgroundImage(url: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} xmlns:xlink="http://www.w3.org/1999/xlink" office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles>
<style:style style:name="Fetching" style:family="paragraph"><style:paragraph-properties><style:background-image xlink:href="${escapeXml(url)}" xlink:type="simple" xlink:actuate="onLoad"/></style:paragraph-properties></style:style>
</office:automatic-styles>
<office:body><office:text><text:p text:style-name="Fetching">Printomat background image</text:p></office:text></office:body>
</office:document>
`;
}

/** A PNG of one colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => rgb).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Number of images in a PDF, by poppler's pdfimages. */
export async function pdfImages(file: string): Promise<number> {
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim()).length;
}

export interface TFixtureJob {
  input: string;
  output: string;
  filter: string;
  password?: string;
}

/** Converts flat ODF sources into DOCX/ODT/XLSX/... with a throw-away LibreOffice (cold, ~2-4 s). */
export async function makeOfficeFixtures(workDir: string, jobs: TFixtureJob[]): Promise<void> {
  const { stdout } = await run(
    '/usr/bin/python3',
    ['-I', '-B', FIXTURE_SCRIPT, workDir, JSON.stringify(jobs)],
    {
      timeout: 60_000,
    },
  );
  if (!stdout.includes('done')) throw new Error(`fixture script did not finish: ${stdout}`);
  for (const job of jobs) await fs.access(job.output);
}

/** Page count of a PDF, by poppler's pdfinfo. */
export async function pdfPages(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!match?.[1]) throw new Error(`pdfinfo gave no page count for ${path.basename(file)}`);
  return Number(match[1]);
}

export async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout;
}
