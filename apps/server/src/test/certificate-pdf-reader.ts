/**
 * Reads a certificate PDF back as a person or a phone would: its page size and lines of text
 * (pdf.js), and the payload of its QR code (the embedded image decoded with jsQR). Used by the
 * server's tests and the browser journeys.
 */
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import type { PDFDict, PDFNumber } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: number;
  width: number;
  height: number;
  lines: string[];
  text: string;
}

/** The first page as pdf.js reads it: its size and each line of text. */
export async function readPdfText(pdf: Uint8Array): Promise<PdfText> {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
  try {
    const page = await doc.getPage(1);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const lines = content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s.trim() !== '');
    return { pages: doc.numPages, width, height, lines, text: lines.join('\n') };
  } finally {
    await doc.destroy();
  }
}

/** Every QR code's payload: the embedded RGB images found in the PDF's objects, decoded with jsQR. */
export async function readPdfQrCodes(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const found: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image') || dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    if (dict.get(PDFName.of('Filter')) !== PDFName.of('FlateDecode')) throw new Error('The QR image is not stored as FlateDecode pixels');
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const rgb = inflateSync(object.getContents());
    if (rgb.length !== width * height * 3) throw new Error(`The QR image has ${rgb.length} bytes for ${width}×${height} RGB pixels`);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
      rgba[j] = rgb[i]!;
      rgba[j + 1] = rgb[i + 1]!;
      rgba[j + 2] = rgb[i + 2]!;
      rgba[j + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
