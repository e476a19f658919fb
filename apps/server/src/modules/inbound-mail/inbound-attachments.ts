import type { TInboundRefusal } from '@printomat/shared';
import type { Attachment, ParsedMail } from 'mailparser';
import { cleanFileName } from '../documents/documents.service';

// What of a received message is meant to be printed (issue 14 points 3 and 5): its attachments,
// or its text when nothing is attached. Programs, scripts and archives are refused by name and
// content type before they become documents; everything else goes to the documents pipeline,
// which decides by the file's bytes what it can read (PDF, images, Office, text).

/** One file of the message, in the order the message carries them. */
export interface TInboundItem {
  /** The name shown back (the upload's cleaning rule). */
  name: string;
  content: Buffer;
  /** Refused before becoming a document; null: it goes to the pipeline. */
  refusal: TInboundRefusal | null;
}

export interface TItemLimits {
  /** The upload limit (MAX_UPLOAD_BYTES): larger files are refused as too_large. */
  maxBytes: number;
  /** Files beyond this many (INBOUND_MAX_ATTACHMENTS, at most a job's slots) are too_many_files. */
  maxFiles: number;
}

// Programs and scripts a mail client or a phone could run: never printed, whatever they contain.
const EXECUTABLE_EXTENSIONS = new Set([
  'exe', 'msi', 'msp', 'bat', 'cmd', 'com', 'scr', 'pif', 'cpl', 'ps1', 'psm1', 'vbs', 'vbe',
  'js', 'jse', 'mjs', 'wsf', 'wsh', 'hta', 'jar', 'apk', 'aab', 'ipa', 'sh', 'bash', 'csh', 'ksh',
  'dll', 'sys', 'app', 'run', 'elf', 'deb', 'rpm', 'pkg', 'mst', 'reg', 'lnk', 'inf',
  'py', 'pl', 'rb', 'php', 'command', 'appimage',
]); // prettier-ignore
const EXECUTABLE_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-dosexec',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/vnd.microsoft.portable-executable',
  'application/x-sh',
  'application/x-shellscript',
  'text/x-shellscript',
  'application/x-bat',
  'application/x-csh',
  'application/javascript',
  'application/x-javascript',
  'text/javascript',
  'text/vbscript',
  'application/x-powershell',
  'application/java-archive',
  'application/x-java-archive',
  'application/vnd.android.package-archive',
  'application/x-apple-diskimage',
]);

// Archives: the files inside are what should be attached.
const ARCHIVE_EXTENSIONS = new Set([
  'zip', 'zipx', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'tbz', 'tbz2', 'xz', 'txz', 'lz', 'lzma',
  'zst', 'z', 'cab', 'arj', 'lzh', 'ace', 'iso', 'img', 'dmg', 'vhd', 'vhdx',
]); // prettier-ignore
const ARCHIVE_TYPES = new Set([
  'application/zip',
  'application/x-zip',
  'application/x-zip-compressed',
  'application/x-rar',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-7z-compressed',
  'application/x-tar',
  'application/x-gtar',
  'application/gzip',
  'application/x-gzip',
  'application/x-bzip',
  'application/x-bzip2',
  'application/x-xz',
  'application/x-lzma',
  'application/zstd',
  'application/x-compress',
  'application/x-compressed',
  'application/vnd.ms-cab-compressed',
  'application/x-iso9660-image',
]);
// Office files are zip archives inside; some mail clients label them application/zip. Their name
// says what they are, and the pipeline checks the inside (sniff.ts) anyway.
const OFFICE_EXTENSIONS = new Set([
  'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'docm', 'xlsm', 'pptm', 'dotx', 'xltx', 'potx',
]); // prettier-ignore

// A name for an attachment sent without one (some phones do that), so the reply can name it.
const EXTENSION_OF_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/tiff': 'tiff',
  'text/plain': 'txt',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file is refused by its name and declared type alone, or null. */
export function refusalByType(name: string, contentType: string): TInboundRefusal | null {
  const extension = extensionOf(name);
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (EXECUTABLE_EXTENSIONS.has(extension) || EXECUTABLE_TYPES.has(type)) return 'executable';
  if (ARCHIVE_EXTENSIONS.has(extension)) return 'archive';
  if (ARCHIVE_TYPES.has(type) && !OFFICE_EXTENSIONS.has(extension)) return 'archive';
  return null;
}

/**
 * An inline image at least this large is a photo, not a logo: phones (iOS Mail, Outlook mobile)
 * put the photos people send into the HTML by Content-ID; signature logos are a few KB.
 */
export const INLINE_PHOTO_MIN_BYTES = 32 * 1024;

/**
 * An image the HTML shows in its text by Content-ID (`<img src="cid:…">`) and too small to be a
 * photo: a signature logo, part of the message rather than something to print.
 */
function isInlineImage(attachment: Attachment, html: string): boolean {
  if (!attachment.cid || !attachment.contentType.toLowerCase().startsWith('image/')) return false;
  return html.toLowerCase().includes(`cid:${attachment.cid.toLowerCase()}`);
}

function nameOf(attachment: Attachment, index: number): string {
  if (attachment.filename) return cleanFileName(attachment.filename);
  const extension = EXTENSION_OF_TYPE[attachment.contentType.toLowerCase()];
  return `attachment-${index + 1}${extension ? `.${extension}` : ''}`;
}

/** The body as a text document's name: the subject (no path separators), else "message". */
function bodyName(subject: string | undefined): string {
  const base = cleanFileName((subject ?? '').replace(/[\\/]+/g, '-')).slice(0, 120);
  return `${subject?.trim() ? base : 'message'}.txt`;
}

/** How many files beyond the job's slots are still named in the reply (the rest are counted). */
export const LISTED_BEYOND_SLOTS = 10;

export interface TInboundItems {
  /** At most `maxFiles + LISTED_BEYOND_SLOTS`, in the message's order. */
  items: TInboundItem[];
  /** Further attachments, not listed one by one ("and 12 more, not added"). */
  omitted: number;
}

/**
 * The message's files, each with its refusal if it is refused before the pipeline. Parse with
 * `skipImageLinks` so the HTML keeps its cid: references. Deterministic for the same message, so
 * a retry of the processing sees the same list in the same order.
 *
 * Inline images (shown in the HTML by Content-ID) are files when they are photo-sized, or when
 * the message has nothing else to print (no other attachment, no text); smaller ones beside other
 * content are signature logos. A message of thousands of tiny parts lists the first few past the
 * limit and only counts the rest, so the row, the admin list and the reply stay small.
 */
export function inboundItemsOf(parsed: ParsedMail, limits: TItemLimits): TInboundItems {
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text?.trim() ?? '';
  const inline = parsed.attachments.filter((a) => isInlineImage(a, html));
  const others = parsed.attachments.filter((a) => !inline.includes(a));
  const onlyInline = others.length === 0 && !text;
  const files = parsed.attachments.filter(
    (a) => !inline.includes(a) || onlyInline || a.content.length >= INLINE_PHOTO_MIN_BYTES,
  );
  const listed = files.slice(0, limits.maxFiles + LISTED_BEYOND_SLOTS);
  const items: TInboundItem[] = listed.map((attachment, index) => {
    const name = nameOf(attachment, index);
    return {
      name,
      content: attachment.content,
      refusal: refusalByType(name, attachment.contentType),
    };
  });
  if (items.length === 0 && text) {
    items.push({
      name: bodyName(parsed.subject),
      content: Buffer.from(`${text}\n`),
      refusal: null,
    });
  }
  let accepted = 0;
  for (const item of items) {
    if (item.refusal) continue;
    if (item.content.length > limits.maxBytes) item.refusal = 'too_large';
    else if (accepted >= limits.maxFiles) item.refusal = 'too_many_files';
    else accepted += 1;
  }
  return { items, omitted: files.length - listed.length };
}

/**
 * The Content-Language a message declares for its text: the top-level header, else the first
 * text part's (mail clients put it on the body part, not on the message). Read from the raw
 * message, whose part headers the parser does not hand out; nested multiparts are followed a few
 * levels deep.
 */
export function contentLanguageOf(raw: Buffer): string | undefined {
  return languageOfPart(raw.toString('latin1'), 0);
}

/** A MIME header block's fields (folded lines unfolded), names in lower case. */
function headerFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

function languageOfPart(part: string, depth: number): string | undefined {
  const split = /\r?\n\r?\n/.exec(part);
  const headers = headerFields(split ? part.slice(0, split.index) : part);
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  const own = headers.get('content-language');
  // An attachment's language says nothing about the sender's.
  if (own && (depth === 0 || type.startsWith('text/') || type.startsWith('multipart/'))) return own;
  if (!type.startsWith('multipart/') || depth >= 4 || !split) return undefined;
  const boundary = /boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(
    headers.get('content-type') ?? '',
  );
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return undefined;
  const body = part.slice(split.index + split[0].length);
  for (const child of body.split(`--${marker}`).slice(1, 50)) {
    if (child.startsWith('--')) break; // the closing boundary
    // The rest of the boundary line, then the part's headers.
    const found = languageOfPart(child.replace(/^[^\n]*\n/, ''), depth + 1);
    if (found) return found;
  }
  return undefined;
}
