// CSV files for spreadsheets (admin exports, issue 17): RFC 4180 quoting, CRLF line ends, and a
// UTF-8 byte order mark, without which Excel reads UTF-8 as the local code page (ą, ß, é break).

export type TCsvCell = string | number | boolean | Date | null | undefined;

const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab / carriage return,
 * which some programs strip before looking) gets a leading apostrophe, so a person's e-mail or a
 * document name cannot make the admin's spreadsheet compute or fetch anything (CSV injection).
 * Numbers are written as numbers: a negative amount stays a number.
 */
function cellText(cell: TCsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: the header row, then one line per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly TCsvCell[]>): string {
  const lines = [header.map((h) => quoted(cellText(h))).join(',')];
  for (const row of rows) lines.push(row.map((c) => quoted(cellText(c))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
