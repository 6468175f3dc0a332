/** The shift report's PDF keeps every word on a page, however long the report. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { IncidentDto, ShiftReportDto } from '@ops/shared/schemas/shifts';
import { shiftReportPdf } from './shift-report-pdf.ts';

const incident = (n: number, description: string): IncidentDto => ({
  id: `i${n}`,
  bookingId: 'b1',
  guardName: 'Peter Otieno',
  shiftIndex: 0,
  type: 'intrusion',
  typeLabel: 'Intrusion or break-in',
  severity: 'high',
  occurredAt: '2026-12-01T07:10:00.000Z',
  description,
  photoUrls: [],
  createdAt: '2026-12-01T07:12:00.000Z',
});

const report = (incidents: IncidentDto[]): ShiftReportDto => ({
  bookingId: 'b1',
  reference: 'OPS-K7P4',
  service: 'Event Security',
  area: 'Karen',
  address: '12 Karen Road',
  start: '2026-12-01T05:00:00.000Z',
  end: '2026-12-01T13:00:00.000Z',
  status: 'confirmed',
  completion: null,
  hoursBooked: 8,
  hoursCovered: 8,
  guards: [{ profileId: 'g1', fullName: 'Peter Otieno', hoursCovered: 8, shifts: [] }],
  incidents,
  canDownloadPdf: true,
  canReview: false,
});

/** Every piece of text on every page, with where it sits. */
async function placedText(pdf: Uint8Array) {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
  try {
    const placed: { page: number; y: number; x: number; width: number; str: string }[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      for (const item of content.items)
        if ('str' in item && item.str.trim())
          placed.push({ page: p, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, str: item.str });
    }
    return { pages: doc.numPages, placed };
  } finally {
    await doc.destroy();
  }
}

describe('the shift report PDF', () => {
  it('carries long descriptions over to new pages instead of off the bottom, and wraps a word wider than the page', async () => {
    const long = Array.from({ length: 330 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, 1990);
    const unbroken = 'x'.repeat(400);
    const pdf = await shiftReportPdf(
      report([incident(1, long), incident(2, `${long}\nThe end of the second.`), incident(3, unbroken), incident(4, 'Last one.')]),
      'Ops Security',
    );
    const { pages, placed } = await placedText(pdf);
    expect(pages).toBeGreaterThan(1);
    for (const t of placed) {
      expect(t.y, t.str).toBeGreaterThanOrEqual(40);
      expect(t.x + t.width, t.str).toBeLessThanOrEqual(595.28 - 40);
    }
    const all = placed.map((t) => t.str).join(' ');
    expect(all).toContain('The end of the second.');
    expect(all.replace(/\s/g, '')).toContain(unbroken);
    expect(placed.at(-1)?.str).toBe('Last one.');
  });
});
