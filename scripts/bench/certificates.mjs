// Certificate PDFs: 200 certificates rendered in this process, one after another, each timed from
// its input to the finished file (QR code, fonts, layout, save). Budget: p99 ≤ 200 ms.
// The server's own source is loaded through tsx, so no build is needed.
//
//   node scripts/bench/certificates.mjs [--count 200]
import { randomInt } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';

export const CERTIFICATE_BUDGET_MS = 200;

const FIRST = ['Grace', 'John', 'Zoë', 'Wanjikũ', 'Achieng', 'Mohamed', 'Chepkoech', 'Otieno', 'Amina', 'Kipchumba'];
const LAST = ['Mwangi', 'Kamau', 'Odhiambo', 'Nyambura-Kariuki', 'Wambui', 'Hassan', 'Cherono', 'Ochieng'];
const COURSES = ['Certified Protection Officer', 'Basic Security Guard Training', 'Executive Protection', 'Event Security Management'];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

export async function benchCertificates({ count = 200, log = () => {} } = {}) {
  const { renderCertificatePdf } = await tsImport('../../apps/server/src/modules/certificates/certificate-pdf.ts', import.meta.url);
  const { newCertificateRef } = await tsImport('../../apps/server/src/modules/certificates/certificate-ref.ts', import.meta.url);
  const inputFor = (i) => {
    const certificateRef = newCertificateRef();
    return {
      certificateRef,
      studentName: `${FIRST[i % FIRST.length]} ${LAST[randomInt(LAST.length)]}${i % 7 === 0 ? ' Wairimu Njeri-Mutua' : ''}`,
      courseName: COURSES[i % COURSES.length],
      issueDate: '2026-11-20',
      expiresOn: i % 4 === 3 ? null : '2029-11-19',
      verifyUrl: `https://ops.example.co.ke/cert/verify/${certificateRef}`,
      academyName: 'OPS Security Academy',
      cobrand: i % 2 === 0 ? { body: 'EBSSA', auditedAt: '2026-10-02' } : null,
    };
  };

  // The first certificate also loads the fonts' metrics and warms the code: reported on its own.
  let started = performance.now();
  let bytes = (await renderCertificatePdf(inputFor(0))).length;
  const firstMs = performance.now() - started;
  const samples = [];
  for (let i = 1; i <= count; i += 1) {
    const input = inputFor(i);
    started = performance.now();
    bytes += (await renderCertificatePdf(input)).length;
    samples.push(performance.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const result = {
    count,
    firstMs: round(firstMs),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
    averageKb: Math.round(bytes / (count + 1) / 1024),
  };
  log(
    `${count} certificates: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms (first, cold: ${result.firstMs} ms); ${result.averageKb} KB each`,
  );
  return { ...result, pass: result.p99 <= CERTIFICATE_BUDGET_MS };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--count');
  const result = await benchCertificates({ count: at === -1 ? 200 : Number(args[at + 1]), log: console.log });
  console.log(result.pass ? 'PASS' : 'FAIL');
  process.exitCode = result.pass ? 0 : 1;
}
