/**
 * The shift report as a PDF for a company's records: one or more A4 pages drawn with pdf-lib's
 * standard fonts, as the certificates are. Names the fonts cannot write print with their closest letters.
 */
import { PDFDocument, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import type { ShiftReportDto } from '@ops/shared/schemas/shifts';
import { toWinAnsi } from '../certificates/certificate-pdf.ts';
import { bookingWhen } from '../payments/booking-text.ts';

const WIDTH = 595.28;
const HEIGHT = 841.89;
const MARGIN = 50;
const NAVY = rgb(0.07, 0.16, 0.29);
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.33, 0.35, 0.4);

const time = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Africa/Nairobi',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso))
    : '—';

export async function shiftReportPdf(report: ShiftReportDto, companyName: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Shift report ${report.reference}`);
  pdf.setProducer(companyName);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(sans.getCharacterSet());
  const text = (v: string) => toWinAnsi(v, charset).replace('—', '-');
  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const line = (value: string, options: { size?: number; font?: typeof sans; color?: typeof INK; gap?: number } = {}) => {
    const size = options.size ?? 10;
    const font = options.font ?? sans;
    const fits = (v: string) => font.widthOfTextAtSize(v, size) <= WIDTH - 2 * MARGIN;
    // Each row goes on a new page when this one is full, so a long description carries over.
    const draw = (row: string) => {
      if (y < MARGIN + size) {
        page = pdf.addPage([WIDTH, HEIGHT]);
        y = HEIGHT - MARGIN;
      }
      page.drawText(row, { x: MARGIN, y, size, font, color: options.color ?? INK });
      y -= size + 4;
    };
    // Long lines wrap at the page's width; a word wider than the page is cut where it must be.
    let current = '';
    for (const word of text(value).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (fits(next)) {
        current = next;
        continue;
      }
      if (current) draw(current);
      current = '';
      for (const char of word) {
        if (!fits(current + char)) {
          draw(current);
          current = '';
        }
        current += char;
      }
    }
    if (current) draw(current);
    y -= options.gap ?? 0;
  };

  line(companyName, { size: 11, font: bold, color: MUTED });
  line(`Shift report: booking ${report.reference}`, { size: 18, font: bold, color: NAVY, gap: 6 });
  line(`${report.service}, ${report.address ? `${report.address}, ` : ''}${report.area}`);
  line(`Booked: ${bookingWhen(new Date(report.start), new Date(report.end))}`);
  line(`Hours covered: ${report.hoursCovered} of ${report.hoursBooked} booked`);
  line(report.completion ? `${report.completion.label} on ${time(report.completion.at)}` : 'Not completed yet', { gap: 10 });
  for (const guard of report.guards) {
    line(`${guard.fullName}: ${guard.hoursCovered} hours`, { size: 12, font: bold, color: NAVY });
    for (const s of guard.shifts) {
      const verified = s.check.verified === null ? 'no check-in' : s.check.verified ? 'Verified at site' : 'Not verified';
      line(
        `Shift ${s.shiftIndex + 1} (${time(s.start)} to ${time(s.end)}): in ${time(s.check.checkedInAt)}, out ${time(s.check.checkedOutAt)}, ${verified}`,
        { color: MUTED },
      );
    }
    y -= 6;
  }
  line(report.incidents.length === 0 ? 'No incidents were reported.' : 'Incidents', { size: 12, font: bold, color: NAVY });
  for (const i of report.incidents) {
    line(
      `${time(i.occurredAt)}, ${i.typeLabel} (${i.severity}), reported by ${i.guardName}${i.photoUrls.length ? `, ${i.photoUrls.length} photo(s)` : ''}`,
      { font: bold },
    );
    line(i.description, { color: MUTED, gap: 4 });
  }
  return pdf.save();
}
