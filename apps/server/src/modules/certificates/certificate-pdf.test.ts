import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPdfQrCodes, readPdfText } from '../../test/certificate-pdf-reader.ts';
import { describe, expect, it } from 'vitest';
import { longDate, renderCertificatePdf, toWinAnsi, type CertificatePdfInput } from './certificate-pdf.ts';

const REF = 'OPS-7KQ2M-X9T4D-HB3ZR-Q';
const VERIFY_URL = `https://ops.example.co.ke/cert/verify/${REF}`;

const input = (overrides: Partial<CertificatePdfInput> = {}): CertificatePdfInput => ({
  certificateRef: REF,
  studentName: 'Grace Wanjiru Mwangi',
  courseName: 'Close Protection Officer',
  issueDate: '2026-11-20',
  expiresOn: '2029-11-19',
  verifyUrl: VERIFY_URL,
  academyName: 'OPS Security Academy',
  cobrand: { body: 'EBSSA', auditedAt: '2026-10-02' },
  ...overrides,
});

const readBack = readPdfText;
const qrPayloads = readPdfQrCodes;

describe('renderCertificatePdf', () => {
  it('prints the student, course, dates, number and the co-branding on one A4 landscape page', async () => {
    const pdf = await renderCertificatePdf(input());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const page = await readBack(pdf);
    expect(page.pages).toBe(1);
    expect(Math.round(page.width)).toBe(842);
    expect(Math.round(page.height)).toBe(595);
    for (const line of [
      'OPS SECURITY ACADEMY',
      'Certificate of Completion',
      'This is to certify that',
      'Grace Wanjiru Mwangi',
      'has successfully completed',
      'Close Protection Officer',
      'Issued on 20 November 2026',
      'Valid until 19 November 2029',
      `Certificate No. ${REF}`,
      'Scan to verify',
      VERIFY_URL,
      'In partnership with EBSSA',
      'Cohort audited by EBSSA on 2 October 2026',
    ]) {
      expect(page.lines).toContain(line);
    }
  });

  it('has a QR code that opens the verify page', async () => {
    expect(await qrPayloads(await renderCertificatePdf(input()))).toEqual([VERIFY_URL]);
    const other = 'https://academy.example.org/cert/verify/OPS-00000-11111-22222-3';
    expect(await qrPayloads(await renderCertificatePdf(input({ verifyUrl: other })))).toEqual([other]);
  });

  it('says nothing of a partner or an expiry when there is none', async () => {
    const page = await readBack(await renderCertificatePdf(input({ cobrand: null, expiresOn: null })));
    expect(page.lines).toContain('Issued on 20 November 2026');
    expect(page.text).not.toMatch(/partnership|audited|EBSSA|Valid until/);
  });

  it('renders names the standard fonts cannot write, with their closest letters', async () => {
    const page = await readBack(
      await renderCertificatePdf(input({ studentName: 'Zoë Wanjikũ 🎓 Łukasz Ōtieno\u200b', courseName: 'Sécurité d’événements – 活动' })),
    );
    expect(page.lines).toContain('Zoë Wanjiku Lukasz Otieno');
    expect(page.lines).toContain('Sécurité d’événements –');
  });

  it('keeps a very long name and course on the page, in at most two lines each', async () => {
    const studentName = 'Wanjiku Nyambura-Kipchumba Otieno Achieng Wambui Chepkoech Mwangi Odhiambo Kariuki';
    const courseName = 'Certified Protection Officer: Advanced Executive, VIP Close Protection and Hostile Environment Awareness Programme';
    const pdf = await renderCertificatePdf(input({ studentName, courseName }));
    const page = await readBack(pdf);
    const nameLines = page.lines.filter((l) => studentName.includes(l) && l.length > 10);
    expect(nameLines.join(' ')).toBe(studentName);
    const courseLines = page.lines.filter((l) => courseName.includes(l) && l.length > 10);
    expect(courseLines.join(' ')).toBe(courseName);
    // Every text run starts and ends inside the frame.
    const doc = await getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false, disableFontFace: true }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const x = item.transform[4] as number;
      const y = item.transform[5] as number;
      expect(x, item.str).toBeGreaterThanOrEqual(36);
      expect(x + item.width, item.str).toBeLessThanOrEqual(842 - 36);
      expect(y, item.str).toBeGreaterThanOrEqual(36);
      expect(y, item.str).toBeLessThanOrEqual(595 - 36);
    }
    await doc.destroy();
  });

  it('sets the title, author and subject', async () => {
    const doc = await PDFDocument.load(await renderCertificatePdf(input({ studentName: 'Zoë Wanjikũ' })), { updateMetadata: false });
    expect(doc.getTitle()).toBe(`Certificate of Completion ${REF}`);
    expect(doc.getAuthor()).toBe('OPS Security Academy');
    expect(doc.getSubject()).toBe('Zoë Wanjikũ: Close Protection Officer');
  });
});

describe('toWinAnsi', () => {
  it('keeps what WinAnsi has and replaces the rest with the closest letters', async () => {
    const charset = new Set((await PDFDocument.create()).embedStandardFont(StandardFonts.Helvetica).getCharacterSet());
    expect(toWinAnsi('Zoë Wanjikũ', charset)).toBe('Zoë Wanjiku');
    expect(toWinAnsi('Ōtieno Łukasz Đorđe', charset)).toBe('Otieno Lukasz Dorde');
    expect(toWinAnsi('Amina 🎓 Hassan', charset)).toBe('Amina Hassan');
    expect(toWinAnsi('  Line\nbreak\ttab  ', charset)).toBe('Line break tab');
    expect(toWinAnsi('李小龙', charset)).toBe('');
  });
});

describe('longDate', () => {
  it('writes d MMMM yyyy', () => {
    expect(longDate('2026-01-05')).toBe('5 January 2026');
    expect(longDate('2029-12-31')).toBe('31 December 2029');
  });
});
