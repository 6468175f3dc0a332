/**
 * The certificate as a printable document: one A4 landscape page drawn with pdf-lib and its
 * standard fonts (nothing to embed, so a certificate renders in a few milliseconds), with a QR code
 * of the public verify page. Names the standard fonts cannot write (WinAnsi) are written with the
 * closest letters they can: 'Wanjikũ' prints as 'Wanjiku', never fails.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { NAIROBI_UTC_OFFSET } from '@ops/shared/domain/nairobi-time';

export interface CertificatePdfInput {
  certificateRef: string;
  studentName: string;
  courseName: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** YYYY-MM-DD, the last valid day; null when it never expires. */
  expiresOn: string | null;
  /** The public verify page the QR code opens. */
  verifyUrl: string;
  academyName: string;
  /** When the cohort was audited by the accrediting body. */
  cobrand: { body: string; auditedAt: string /* YYYY-MM-DD */ } | null;
}

/** A4 landscape, in points. */
export const PAGE_WIDTH = 841.89;
export const PAGE_HEIGHT = 595.28;

const NAVY = rgb(0.07, 0.16, 0.29);
const GOLD = rgb(0.72, 0.56, 0.22);
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.33, 0.35, 0.4);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'YYYY-MM-DD' → 'd MMMM yyyy' ('2026-11-05' → '5 November 2026'). */
export function longDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? '?'} ${m[1]}`;
}

/** Letters WinAnsi lacks and that do not decompose into one it has. */
const CLOSEST: Record<string, string> = {
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ł: 'L',
  ł: 'l',
  Ŀ: 'L',
  ŀ: 'l',
  ŉ: "'n",
  Ŋ: 'N',
  ŋ: 'n',
  Ŧ: 'T',
  ŧ: 't',
  ẞ: 'SS',
  ʼ: "'",
  ʻ: "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2032': "'",
  '\u2033': '"',
};

/**
 * Text the standard fonts can write: characters outside WinAnsi become their closest letters
 * (accents dropped, a few look-alikes mapped), anything without one (emoji, other scripts) is
 * left out, and line breaks and runs of spaces become single spaces.
 */
export function toWinAnsi(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (charset.has(code)) {
      out += char;
      continue;
    }
    if (/\s/u.test(char) || /\p{Cc}/u.test(char)) {
      out += ' ';
      continue;
    }
    const mapped = CLOSEST[char];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    // 'ũ' → 'u' + combining tilde: keep the letters the font has, drop the marks.
    for (const part of char.normalize('NFKD')) {
      if (!/\p{M}/u.test(part) && charset.has(part.codePointAt(0)!)) out += part;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

interface Fonts {
  serifBold: PDFFont;
  serifItalic: PDFFont;
  sans: PDFFont;
  sansBold: PDFFont;
}

function centered(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (PAGE_WIDTH - width) / 2, y, size, font, color });
}

/** The size at which one line of text fits `maxWidth`: `size`, or smaller when it is too long. */
const shrunk = (text: string, font: PDFFont, size: number, maxWidth: number) =>
  Math.min(size, (size * maxWidth) / Math.max(font.widthOfTextAtSize(text, size), 1));

/**
 * Fits text into `maxWidth`: its own size when it fits, else smaller down to `minSize`, else split
 * into two lines at the space nearest the middle (each line shrunk as needed), never off the page.
 */
function fitted(text: string, font: PDFFont, size: number, minSize: number, maxWidth: number): { lines: string[]; size: number } {
  const sizeFor = (line: string) => shrunk(line, font, size, maxWidth);
  const one = sizeFor(text);
  if (one >= minSize) return { lines: [text], size: one };
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length === 0) return { lines: [text], size: one };
  const middle = text.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  const lines = [text.slice(0, at), text.slice(at + 1)];
  return { lines, size: Math.min(...lines.map(sizeFor)) };
}

function drawFrame(page: PDFPage) {
  page.drawRectangle({ x: 18, y: 18, width: PAGE_WIDTH - 36, height: PAGE_HEIGHT - 36, borderColor: NAVY, borderWidth: 6 });
  page.drawRectangle({ x: 30, y: 30, width: PAGE_WIDTH - 60, height: PAGE_HEIGHT - 60, borderColor: GOLD, borderWidth: 1.2 });
  // Corner ornaments: small gold squares set into the inner frame.
  for (const [x, y] of [
    [30, 30],
    [PAGE_WIDTH - 30, 30],
    [30, PAGE_HEIGHT - 30],
    [PAGE_WIDTH - 30, PAGE_HEIGHT - 30],
  ] as const) {
    page.drawRectangle({ x: x - 6, y: y - 6, width: 12, height: 12, color: GOLD });
    page.drawRectangle({ x: x - 3, y: y - 3, width: 6, height: 6, color: rgb(1, 1, 1) });
  }
}

async function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: 'M', type: 'png', margin: 4, scale: 4, color: { dark: '#000000', light: '#ffffff' } });
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const [doc, png] = await Promise.all([PDFDocument.create(), qrPng(input.verifyUrl)]);
  const fonts: Fonts = {
    serifBold: doc.embedStandardFont(StandardFonts.TimesRomanBold),
    serifItalic: doc.embedStandardFont(StandardFonts.TimesRomanItalic),
    sans: doc.embedStandardFont(StandardFonts.Helvetica),
    sansBold: doc.embedStandardFont(StandardFonts.HelveticaBold),
  };
  const charset = new Set(fonts.sans.getCharacterSet());
  const text = (value: string) => toWinAnsi(value, charset);
  const studentName = text(input.studentName) || 'Student';
  const courseName = text(input.courseName) || 'Course';
  const academyName = text(input.academyName);
  const body = input.cobrand ? text(input.cobrand.body) : '';
  const issuedOn = new Date(`${input.issueDate}T00:00:00${NAIROBI_UTC_OFFSET}`);

  doc.setTitle(`Certificate of Completion ${input.certificateRef}`, { showInWindowTitleBar: true });
  doc.setAuthor(input.academyName);
  doc.setSubject(`${input.studentName}: ${input.courseName}`);
  doc.setKeywords(['certificate', input.certificateRef, input.courseName]);
  doc.setCreator(input.academyName);
  doc.setProducer(input.academyName);
  doc.setLanguage('en');
  doc.setCreationDate(issuedOn);
  doc.setModificationDate(issuedOn);

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  drawFrame(page);
  const contentWidth = PAGE_WIDTH - 2 * 80;

  // Heading: the academy, spaced capitals, then the title.
  const heading = academyName.toUpperCase();
  centered(page, heading, fonts.sansBold, shrunk(heading, fonts.sansBold, 15, contentWidth), 515, NAVY);
  centered(page, 'Certificate of Completion', fonts.serifBold, 40, 462, NAVY);
  page.drawLine({ start: { x: PAGE_WIDTH / 2 - 110, y: 446 }, end: { x: PAGE_WIDTH / 2 + 110, y: 446 }, thickness: 1.2, color: GOLD });

  centered(page, 'This is to certify that', fonts.serifItalic, 17, 402, MUTED);

  // The student's name, large: one line shrinking to fit, or two lines for very long names.
  const name = fitted(studentName, fonts.serifBold, 38, 26, contentWidth);
  const nameTop = 350;
  if (name.lines.length === 1) centered(page, name.lines[0]!, fonts.serifBold, name.size, nameTop - 4, INK);
  else name.lines.forEach((line, i) => centered(page, line, fonts.serifBold, name.size, nameTop + 12 - i * name.size * 1.1, INK));
  const nameBottom = name.lines.length === 1 ? nameTop - 18 : nameTop + 12 - name.size * 1.1 - 16;
  page.drawLine({ start: { x: 150, y: nameBottom }, end: { x: PAGE_WIDTH - 150, y: nameBottom }, thickness: 0.6, color: GOLD });

  centered(page, 'has successfully completed', fonts.serifItalic, 17, nameBottom - 32, MUTED);

  const course = fitted(courseName, fonts.sansBold, 22, 15, contentWidth);
  let y = nameBottom - 66;
  for (const line of course.lines) {
    centered(page, line, fonts.sansBold, course.size, y, NAVY);
    y -= course.size * 1.2;
  }

  if (input.cobrand) {
    const partnership = `In partnership with ${body}`;
    const audited = `Cohort audited by ${body} on ${longDate(input.cobrand.auditedAt)}`;
    centered(page, partnership, fonts.sansBold, shrunk(partnership, fonts.sansBold, 12.5, contentWidth), y - 8, GOLD);
    centered(page, audited, fonts.sans, shrunk(audited, fonts.sans, 11, contentWidth), y - 26, MUTED);
  }

  // Footer: dates and number on the left, the QR code on the right.
  const left = 70;
  let footerY = 112;
  const footerLine = (label: string, font: PDFFont, size: number, color = INK) => {
    page.drawText(label, { x: left, y: footerY, size, font, color });
    footerY -= size + 7;
  };
  footerLine(`Issued on ${longDate(input.issueDate)}`, fonts.sans, 11.5);
  if (input.expiresOn) footerLine(`Valid until ${longDate(input.expiresOn)}`, fonts.sans, 11.5);
  footerLine(`Certificate No. ${input.certificateRef}`, fonts.sansBold, 11.5, NAVY);

  // Signature line in the middle.
  const signX = PAGE_WIDTH / 2 + 30;
  page.drawLine({ start: { x: signX - 85, y: 96 }, end: { x: signX + 85, y: 96 }, thickness: 0.8, color: INK });
  const signText = `For ${academyName}`;
  const signSize = shrunk(signText, fonts.sans, 10, 190);
  page.drawText(signText, { x: signX - fonts.sans.widthOfTextAtSize(signText, signSize) / 2, y: 82, size: signSize, font: fonts.sans, color: MUTED });

  const qr = await doc.embedPng(png);
  const qrSize = 92;
  const qrRight = PAGE_WIDTH - 62;
  const qrBottom = 70;
  page.drawImage(qr, { x: qrRight - qrSize, y: qrBottom, width: qrSize, height: qrSize });
  const caption = 'Scan to verify';
  const captionWidth = fonts.sansBold.widthOfTextAtSize(caption, 9);
  page.drawText(caption, { x: qrRight - qrSize / 2 - captionWidth / 2, y: qrBottom - 10, size: 9, font: fonts.sansBold, color: NAVY });
  const url = text(input.verifyUrl);
  const urlSize = shrunk(url, fonts.sans, 6.5, 300);
  const urlWidth = fonts.sans.widthOfTextAtSize(url, urlSize);
  page.drawText(url, { x: qrRight - urlWidth, y: qrBottom - 22, size: urlSize, font: fonts.sans, color: MUTED });

  return doc.save();
}
