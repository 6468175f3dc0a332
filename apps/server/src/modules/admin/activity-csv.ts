/**
 * CSV as RFC 4180 writes it (comma separated, CRLF line ends, a field quoted when it holds a quote,
 * comma or line break, quotes doubled), made safe for spreadsheets: a cell that starts with = + - @
 * (or a tab or carriage return) would run as a formula when opened, so it gets a leading quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
