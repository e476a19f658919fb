import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark and ends lines with CRLF', () => {
    const csv = toCsv(['a', 'b'], [['zażółć', 'Straße']]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('a,b\r\nzażółć,Straße\r\n');
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['x'], [['a,b'], ['say "hi"'], ['two\nlines']]).slice(1)).toBe(
      'x\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as formulas, but keeps numbers numbers', () => {
    const csv = toCsv(
      ['v'],
      [['=HYPERLINK("http://x")'], ['+1'], ['-2+3'], ['@SUM(A1)'], ['\tcmd'], [-5], ['a=b']],
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      'v',
      `"'=HYPERLINK(""http://x"")"`,
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tcmd",
      '-5',
      'a=b',
      '',
    ]);
  });

  it('writes dates as ISO, empty values as empty cells', () => {
    expect(toCsv(['d', 'n', 'u', 'b'], [[new Date(0), null, undefined, true]]).slice(1)).toBe(
      'd,n,u,b\r\n1970-01-01T00:00:00.000Z,,,true\r\n',
    );
  });
});
