/**
 * Minimal IPP/2.0 message encoder/decoder (RFC 8010).
 * Enough for Print-Job, Get-Job-Attributes and Get-Printer-Attributes.
 */

export const GroupTag = {
  operation: 0x01,
  job: 0x02,
  end: 0x03,
  printer: 0x04,
  unsupported: 0x05,
} as const;

export const ValueTag = {
  unsupported: 0x10,
  unknown: 0x12,
  noValue: 0x13,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  octetString: 0x30,
  dateTime: 0x31,
  resolution: 0x32,
  rangeOfInteger: 0x33,
  begCollection: 0x34,
  textWithLanguage: 0x35,
  nameWithLanguage: 0x36,
  endCollection: 0x37,
  textWithoutLanguage: 0x41,
  nameWithoutLanguage: 0x42,
  keyword: 0x44,
  uri: 0x45,
  uriScheme: 0x46,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
  memberAttrName: 0x4a,
} as const;

export const Operation = {
  printJob: 0x0002,
  cancelJob: 0x0008,
  getJobAttributes: 0x0009,
  getJobs: 0x000a,
  getPrinterAttributes: 0x000b,
} as const;

export type GroupName = Exclude<keyof typeof GroupTag, 'end'>;

/** Value tags the encoder can write. */
export type EncodableTag =
  | 'charset'
  | 'naturalLanguage'
  | 'uri'
  | 'keyword'
  | 'nameWithoutLanguage'
  | 'textWithoutLanguage'
  | 'mimeMediaType'
  | 'octetString'
  | 'integer'
  | 'enum'
  | 'boolean';

export type EncodableAttribute =
  | {
      name: string;
      tag: Exclude<EncodableTag, 'integer' | 'enum' | 'boolean'>;
      values: string[];
    }
  | { name: string; tag: 'integer' | 'enum'; values: number[] }
  | { name: string; tag: 'boolean'; values: boolean[] };

export interface IppRequest {
  operation: number;
  requestId: number;
  groups: Array<{ group: GroupName; attributes: EncodableAttribute[] }>;
  data?: Buffer;
}

/** A decoded value. dateTime, resolution and rangeOfInteger are kept raw. */
export type IppValue = string | number | boolean | Buffer | null | IppCollection;
export interface IppCollection {
  [member: string]: IppValue[];
}

/** Every attribute maps to an array of values (1setOf → several entries). */
export type IppAttributes = Record<string, IppValue[]>;

export interface IppResponse {
  version: string;
  statusCode: number;
  requestId: number;
  groups: Array<{ group: GroupName | 'other'; tag: number; attributes: IppAttributes }>;
  data: Buffer;
}

const STRING_TAGS = new Set<number>([
  ValueTag.textWithoutLanguage,
  ValueTag.nameWithoutLanguage,
  ValueTag.keyword,
  ValueTag.uri,
  ValueTag.uriScheme,
  ValueTag.charset,
  ValueTag.naturalLanguage,
  ValueTag.mimeMediaType,
  ValueTag.memberAttrName,
]);

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function encodeValue(tag: EncodableTag, value: string | number | boolean): Buffer {
  switch (tag) {
    case 'integer':
    case 'enum': {
      const b = Buffer.alloc(4);
      b.writeInt32BE(value as number);
      return b;
    }
    case 'boolean':
      return Buffer.from([value ? 1 : 0]);
    case 'charset':
    case 'naturalLanguage':
    case 'uri':
    case 'keyword':
    case 'nameWithoutLanguage':
    case 'textWithoutLanguage':
    case 'mimeMediaType':
    case 'octetString':
      return Buffer.from(String(value), 'utf8');
  }
}

export function encodeRequest(req: IppRequest): Buffer {
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.writeUInt8(2, 0);
  header.writeUInt8(0, 1);
  header.writeUInt16BE(req.operation, 2);
  header.writeInt32BE(req.requestId, 4);
  parts.push(header);
  for (const { group, attributes } of req.groups) {
    parts.push(Buffer.from([GroupTag[group]]));
    for (const attr of attributes) {
      if (attr.values.length === 0) throw new Error(`IPP attribute ${attr.name} has no values`);
      const tagByte = ValueTag[attr.tag];
      attr.values.forEach((v: string | number | boolean, i) => {
        const name = Buffer.from(i === 0 ? attr.name : '', 'utf8');
        const value = encodeValue(attr.tag, v);
        if (value.length > 0xffff) throw new Error(`IPP value too long for ${attr.name}`);
        parts.push(Buffer.from([tagByte]), u16(name.length), name, u16(value.length), value);
      });
    }
  }
  parts.push(Buffer.from([GroupTag.end]));
  if (req.data) parts.push(req.data);
  return Buffer.concat(parts);
}

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  need(n: number): void {
    if (this.pos + n > this.buf.length) throw new Error('IPP message truncated');
  }
  u8(): number {
    this.need(1);
    return this.buf.readUInt8(this.pos++);
  }
  u16(): number {
    this.need(2);
    const v = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return v;
  }
  i32(): number {
    this.need(4);
    const v = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  bytes(n: number): Buffer {
    this.need(n);
    const v = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
  peek(): number {
    this.need(1);
    return this.buf.readUInt8(this.pos);
  }
}

function decodeValue(tag: number, raw: Buffer): IppValue {
  if (tag === ValueTag.integer || tag === ValueTag.enum) {
    if (raw.length !== 4) throw new Error('IPP integer must be 4 bytes');
    return raw.readInt32BE(0);
  }
  if (tag === ValueTag.boolean) return raw.length > 0 && raw[0] !== 0;
  if (STRING_TAGS.has(tag) || tag === ValueTag.octetString) return raw.toString('utf8');
  if (tag === ValueTag.textWithLanguage || tag === ValueTag.nameWithLanguage) {
    // u16 lang length, lang, u16 text length, text
    const langLen = raw.readUInt16BE(0);
    const textLen = raw.readUInt16BE(2 + langLen);
    return raw.subarray(4 + langLen, 4 + langLen + textLen).toString('utf8');
  }
  if (tag >= 0x10 && tag <= 0x1f) return null; // out-of-band
  return Buffer.from(raw); // dateTime, resolution, rangeOfInteger, unknown: raw
}

/** Reads collection members after a begCollection value, up to the matching endCollection. */
function decodeCollection(r: Reader): IppCollection {
  const out: IppCollection = {};
  let member: string | null = null;
  while (true) {
    const tag = r.u8();
    const name = r.bytes(r.u16()).toString('utf8');
    const raw = r.bytes(r.u16());
    if (tag === ValueTag.endCollection) return out;
    if (tag === ValueTag.memberAttrName) {
      member = raw.toString('utf8');
      out[member] = [];
      continue;
    }
    if (member === null || name !== '') throw new Error('IPP collection member without name');
    const value = tag === ValueTag.begCollection ? decodeCollection(r) : decodeValue(tag, raw);
    out[member]!.push(value);
  }
}

const GROUP_NAMES = new Map<number, GroupName>(
  (Object.entries(GroupTag) as Array<[keyof typeof GroupTag, number]>)
    .filter(([k]) => k !== 'end')
    .map(([k, v]) => [v, k as GroupName]),
);

export function decodeResponse(buf: Buffer): IppResponse {
  const r = new Reader(buf);
  const major = r.u8();
  const minor = r.u8();
  const statusCode = r.u16();
  const requestId = r.i32();
  const groups: IppResponse['groups'] = [];
  let current: IppAttributes | null = null;
  let lastName: string | null = null;
  while (true) {
    const tag = r.u8();
    if (tag === GroupTag.end) break;
    if (tag < 0x10) {
      // Attribute names come from the printer: no prototype, so `__proto__` is just a name.
      current = Object.create(null) as IppAttributes;
      lastName = null;
      groups.push({ group: GROUP_NAMES.get(tag) ?? 'other', tag, attributes: current });
      continue;
    }
    if (!current) throw new Error('IPP attribute outside a group');
    const name = r.bytes(r.u16()).toString('utf8');
    const raw = r.bytes(r.u16());
    const value = tag === ValueTag.begCollection ? decodeCollection(r) : decodeValue(tag, raw);
    if (name !== '') {
      lastName = name;
      current[name] = [value];
    } else {
      if (lastName === null) throw new Error('IPP additional value without attribute');
      current[lastName]!.push(value);
    }
  }
  return {
    version: `${major}.${minor}`,
    statusCode,
    requestId,
    groups,
    data: buf.subarray(r.pos),
  };
}

/** Merges all groups with the given name (e.g. every job group). */
export function groupAttributes(res: IppResponse, group: GroupName): IppAttributes {
  const out: IppAttributes = {};
  for (const g of res.groups) if (g.group === group) Object.assign(out, g.attributes);
  return out;
}
