import { describe, expect, it } from 'vitest';
import {
  Operation,
  ValueTag,
  decodeResponse,
  encodeRequest,
  groupAttributes,
} from '../src/ipp/encoding.js';
import { parseJobAttributes, parsePrinterAttributes } from '../src/ipp/ipp-client.js';

/** Builds one raw attribute record: tag, name, value. */
function attr(tag: number, name: string, value: Buffer | string): Buffer {
  const n = Buffer.from(name);
  const v = typeof value === 'string' ? Buffer.from(value) : value;
  const h1 = Buffer.alloc(3);
  h1.writeUInt8(tag, 0);
  h1.writeUInt16BE(n.length, 1);
  const h2 = Buffer.alloc(2);
  h2.writeUInt16BE(v.length, 0);
  return Buffer.concat([h1, n, h2, v]);
}
const int = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

describe('IPP encoding', () => {
  it('round-trips a request with every encodable tag and document data', () => {
    const data = Buffer.from('%PDF-1.7 fake');
    const bytes = encodeRequest({
      operation: Operation.printJob,
      requestId: 1234,
      groups: [
        {
          group: 'operation',
          attributes: [
            { name: 'attributes-charset', tag: 'charset', values: ['utf-8'] },
            { name: 'attributes-natural-language', tag: 'naturalLanguage', values: ['en'] },
            { name: 'printer-uri', tag: 'uri', values: ['ipp://127.0.0.1:631/ipp/print'] },
            { name: 'job-name', tag: 'nameWithoutLanguage', values: ['Überweisung.pdf'] },
            { name: 'document-format', tag: 'mimeMediaType', values: ['application/pdf'] },
            { name: 'requested-attributes', tag: 'keyword', values: ['job-id', 'job-state'] },
          ],
        },
        {
          group: 'job',
          attributes: [
            { name: 'copies', tag: 'integer', values: [3] },
            { name: 'orientation-requested', tag: 'enum', values: [4] },
            { name: 'job-hold', tag: 'boolean', values: [false] },
            { name: 'note', tag: 'textWithoutLanguage', values: ['hi'] },
            { name: 'blob', tag: 'octetString', values: ['a=1;b=2;'] },
            { name: 'offsets', tag: 'integer', values: [-1, 0, 2147483647] },
          ],
        },
      ],
      data,
    });
    // Header: version 2.0, operation, request id.
    expect([...bytes.subarray(0, 8)]).toEqual([2, 0, 0, 2, 0, 0, 0x04, 0xd2]);
    const decoded = decodeResponse(bytes); // same wire layout: status field = operation id
    expect(decoded.version).toBe('2.0');
    expect(decoded.statusCode).toBe(Operation.printJob);
    expect(decoded.requestId).toBe(1234);
    expect(decoded.groups.map((g) => g.group)).toEqual(['operation', 'job']);
    expect(groupAttributes(decoded, 'operation')).toEqual({
      'attributes-charset': ['utf-8'],
      'attributes-natural-language': ['en'],
      'printer-uri': ['ipp://127.0.0.1:631/ipp/print'],
      'job-name': ['Überweisung.pdf'],
      'document-format': ['application/pdf'],
      'requested-attributes': ['job-id', 'job-state'],
    });
    expect(groupAttributes(decoded, 'job')).toEqual({
      copies: [3],
      'orientation-requested': [4],
      'job-hold': [false],
      note: ['hi'],
      blob: ['a=1;b=2;'],
      offsets: [-1, 0, 2147483647],
    });
    expect(decoded.data.equals(data)).toBe(true);
  });

  it('rejects attributes without values', () => {
    expect(() =>
      encodeRequest({
        operation: 2,
        requestId: 1,
        groups: [{ group: 'job', attributes: [{ name: 'copies', tag: 'integer', values: [] }] }],
      }),
    ).toThrow(/no values/);
  });

  it('decodes a Print-Job response captured from ippeveprinter', () => {
    const captured = Buffer.from(
      '020000000000000701470012617474726962757465732d6368617273657400057574662d3848001b6174' +
        '7472696275746573' +
        '2d6e61747572616c2d6c616e67756167650002656e022100066a6f622d69640004000000014500076a6f' +
        '622d75726900216970703a2f2f3132372e302e302e313a34353532332f6970702f7072696e742f3123' +
        '00096a6f622d73746174650004000000034100116a6f622d73746174652d6d657373616765000c4a6f' +
        '622070656e64696e672e4400116a6f622d73746174652d726561736f6e7300046e6f6e6503',
      'hex',
    );
    const res = decodeResponse(captured);
    expect(res.statusCode).toBe(0);
    expect(res.requestId).toBe(7);
    expect(groupAttributes(res, 'operation')).toEqual({
      'attributes-charset': ['utf-8'],
      'attributes-natural-language': ['en'],
    });
    const job = groupAttributes(res, 'job');
    expect(job).toEqual({
      'job-id': [1],
      'job-uri': ['ipp://127.0.0.1:45523/ipp/print/1'],
      'job-state': [3],
      'job-state-message': ['Job pending.'],
      'job-state-reasons': ['none'],
    });
    expect(parseJobAttributes(job)).toEqual({
      state: 'pending',
      reasons: [],
      impressionsCompleted: null,
      sheetsCompleted: null,
    });
    expect(res.data.length).toBe(0);
  });

  it('decodes 1setOf octetString, collections, language strings, out-of-band and raw values', () => {
    const lang = Buffer.concat([
      Buffer.from([0, 2]),
      Buffer.from('de'),
      Buffer.from([0, 5]),
      Buffer.from('Hallo'),
    ]);
    const dateTime = Buffer.from([0x07, 0xea, 11, 22, 23, 44, 47, 0, 0x2b, 0, 0]);
    const bytes = Buffer.concat([
      Buffer.from([2, 0, 0x05, 0x07, 0, 0, 0, 9, 0x01]),
      attr(ValueTag.charset, 'attributes-charset', 'utf-8'),
      attr(ValueTag.textWithoutLanguage, 'status-message', 'Currently printing another job.'),
      Buffer.from([0x04]),
      attr(ValueTag.enum, 'printer-state', int(4)),
      attr(ValueTag.keyword, 'printer-state-reasons', 'media-low-warning'),
      attr(ValueTag.keyword, '', 'toner-low-report'),
      attr(
        ValueTag.octetString,
        'printer-supply',
        'index=1;class=receptacleThatIsFilled;type=wasteToner;unit=percent;maxcapacity=100;level=25;colorantname=unknown;',
      ),
      attr(
        ValueTag.octetString,
        '',
        'index=2;class=supplyThatIsConsumed;type=toner;unit=percent;maxcapacity=100;level=75;colorantname=black;',
      ),
      attr(ValueTag.textWithoutLanguage, 'printer-supply-description', 'Toner Waste Tank'),
      attr(ValueTag.textWithoutLanguage, '', 'Black Toner'),
      attr(ValueTag.octetString, 'printer-input-tray', 'type=sheetFeedAutoRemovableTray;name=main'),
      attr(ValueTag.octetString, '', 'type=sheetFeedManual;name=manual'),
      attr(ValueTag.nameWithoutLanguage, 'marker-names', 'Black'),
      attr(ValueTag.nameWithoutLanguage, '', 'Cyan'),
      attr(ValueTag.integer, 'marker-levels', int(60)),
      attr(ValueTag.integer, '', int(-2)),
      attr(ValueTag.nameWithoutLanguage, 'marker-colors', '#000000'),
      attr(ValueTag.nameWithoutLanguage, '', '#00FFFF'),
      attr(ValueTag.boolean, 'color-supported', Buffer.from([1])),
      attr(ValueTag.textWithLanguage, 'printer-info', lang),
      attr(ValueTag.noValue, 'printer-location', ''),
      attr(ValueTag.dateTime, 'printer-current-time', dateTime),
      attr(ValueTag.begCollection, 'media-col-default', ''),
      attr(ValueTag.memberAttrName, '', 'media-size'),
      attr(ValueTag.begCollection, '', ''),
      attr(ValueTag.memberAttrName, '', 'x-dimension'),
      attr(ValueTag.integer, '', int(21000)),
      attr(ValueTag.memberAttrName, '', 'y-dimension'),
      attr(ValueTag.integer, '', int(29700)),
      attr(ValueTag.endCollection, '', ''),
      attr(ValueTag.memberAttrName, '', 'media-source'),
      attr(ValueTag.keyword, '', 'main'),
      attr(ValueTag.endCollection, '', ''),
      attr(ValueTag.keyword, 'sides-supported', 'one-sided'),
      Buffer.from([0x03]),
    ]);
    const res = decodeResponse(bytes);
    expect(res.statusCode).toBe(0x0507);
    expect(res.requestId).toBe(9);
    const printer = groupAttributes(res, 'printer');
    expect(printer['printer-state-reasons']).toEqual(['media-low-warning', 'toner-low-report']);
    expect(printer['printer-supply']).toHaveLength(2);
    expect(printer['color-supported']).toEqual([true]);
    expect(printer['printer-info']).toEqual(['Hallo']);
    expect(printer['printer-location']).toEqual([null]);
    expect(printer['printer-current-time']).toEqual([dateTime]);
    expect(printer['media-col-default']).toEqual([
      {
        'media-size': [{ 'x-dimension': [21000], 'y-dimension': [29700] }],
        'media-source': ['main'],
      },
    ]);
    expect(printer['sides-supported']).toEqual(['one-sided']);

    expect(parsePrinterAttributes(printer)).toEqual({
      state: 'processing',
      reasons: ['media-low-warning', 'toner-low-report'],
      inputTrays: ['type=sheetFeedAutoRemovableTray;name=main', 'type=sheetFeedManual;name=manual'],
      supplies: [
        { type: 'wasteToner', level: 25, description: 'Toner Waste Tank' },
        { type: 'toner', color: 'black', level: 75, description: 'Black Toner' },
      ],
      markers: [
        { name: 'Black', level: 60, color: '#000000' },
        { name: 'Cyan', level: -2, color: '#00FFFF' },
      ],
    });
  });

  it('throws on truncated messages', () => {
    expect(() => decodeResponse(Buffer.from([2, 0, 0, 0, 0, 0]))).toThrow(/truncated/);
    expect(() =>
      decodeResponse(
        Buffer.concat([Buffer.from([2, 0, 0, 0, 0, 0, 0, 1, 0x01]), Buffer.from([0x44, 0, 5])]),
      ),
    ).toThrow(/truncated/);
  });
});
