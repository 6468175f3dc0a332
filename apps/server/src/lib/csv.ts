/**
 * CSV as RFC 4180 writes it (comma separated, CRLF line ends, a field quoted when it holds a quote,
 * comma or line break, quotes doubled), made safe for spreadsheets: a cell that starts with = + - @
 * (or a tab or carriage return) would run as a formula when opened, so it gets a leading quote.
 */
import type { Logger } from './logger.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A download streamed from generated lines: each chunk is read only when the client takes the last
 * one, and a client that goes away stops the generator (and its database reads).
 */
export function csvResponseBody(lines: AsyncGenerator<string>, logger: Logger, what: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        logger.error({ err }, `${what} failed`);
        controller.error(err);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});
