import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readPdfQrCodes, readPdfText } from '../../server/src/test/certificate-pdf-reader.ts';
import { adminPage, dayFromToday, expectNoSeriousA11yViolations, newStudent, origin } from './academy-helpers.ts';
import { DEMO, signInAs } from './fixtures.ts';

/** Where the certificate screens' screenshots (and the issued PDF) go, beside the other test results. */
const SHOTS = fileURLToPath(new URL('../../../test-results/certificates/', import.meta.url));

// Each journey builds a cohort and a student of its own: they may run in either worker, so the two
// long screen checks do not queue behind each other.
test.describe.configure({ mode: 'parallel' });

/**
 * A cohort of the journey's own with one student who qualifies: enrolled by cash while it was
 * still ahead, the payment recorded by the admin, then under way (started a week ago, so the
 * partner may audit it), present at the one recorded session. Set up through the API, as the
 * academy's journeys already walk those screens.
 */
async function qualifyingStudent(browser: Browser, baseURL: string, name: string, viewport?: { width: number; height: number }) {
  const admin = await adminPage(browser, viewport);
  const location = `Karen Training Grounds ${Date.now()}`;
  const cohortRes = await admin.request.post('/api/admin/training/cohorts', {
    data: { courseId: 'event-security', startDate: dayFromToday(40), endDate: dayFromToday(61), capacity: 5, status: 'open', location },
    headers: { origin: origin() },
  });
  expect(cohortRes.status(), await cohortRes.text()).toBe(201);
  const cohortId = ((await cohortRes.json()) as { id: string }).id;

  const student = await newStudent(browser, baseURL, name, viewport);
  const enrolRes = await student.request.post('/api/enrollments', { data: { cohortId, paymentMethod: 'cash' }, headers: { origin: origin() } });
  expect(enrolRes.status(), await enrolRes.text()).toBe(201);
  const enrollmentId = ((await enrolRes.json()) as { id: string }).id;

  const paid = await admin.request.post(`/api/admin/training/enrollments/${enrollmentId}/cash-paid`, {
    data: { receiptNumber: `RCPT-${Date.now()}` },
    headers: { origin: origin() },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const underway = await admin.request.put(`/api/admin/training/cohorts/${cohortId}`, {
    data: { courseId: 'event-security', startDate: dayFromToday(-7), endDate: dayFromToday(14), capacity: 5, status: 'ongoing', location },
    headers: { origin: origin() },
  });
  expect(underway.status(), await underway.text()).toBe(200);
  const marked = await admin.request.put('/api/admin/training/attendance', {
    data: { cohortId, sessionDate: dayFromToday(-7), records: [{ enrollmentId, status: 'present' }] },
    headers: { origin: origin() },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  return { admin, student, cohortId, location };
}

async function partnerPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await signInAs(page, DEMO.partner);
  return page;
}

async function auditCohort(partner: Page, location: string) {
  await partner.goto('/partner-dashboard');
  await expect(partner.getByText('Partner Access')).toBeVisible();
  const card = partner.getByRole('article').filter({ hasText: location });
  await card.getByRole('button', { name: /Review & Audit/ }).click();
  const dialog = partner.getByRole('dialog');
  await expect(dialog.getByText('No CVs uploaded')).toBeVisible();
  await expect(dialog.getByText('No photos uploaded')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as EBSSA Audited' }).click();
  // It asks first, and takes the partner's notes.
  const confirm = partner.getByRole('alertdialog', { name: 'Mark this cohort as EBSSA audited?' });
  await confirm.getByRole('textbox', { name: 'Audit notes (optional)' }).fill('Registers and the practical checked on site.');
  await confirm.getByRole('button', { name: 'Confirm audit' }).click();
  await expect(partner.getByText('Cohort Audited', { exact: true })).toBeVisible();
  await expect(partner.getByText('This cohort is now approved for co-branded certification.')).toBeVisible();
  await expect(card.getByText('EBSSA Audited')).toBeVisible();
  await expect(card.getByRole('button', { name: /Review & Audit/ })).toHaveCount(0);
  await expect(card.getByText('Registers and the practical checked on site.')).toBeVisible();
}

async function issueInConsole(admin: Page, cohortId: string, name: string) {
  await admin.goto(`/admin?view=training&tab=certificates&cohort=${cohortId}`);
  const row = admin.getByRole('table', { name: 'Students and certificates' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Qualifies')).toBeVisible();
  await row.getByRole('button', { name: `Generate certificate for ${name}` }).click();
  await expect(admin.getByText('Certificate Generated').first()).toBeVisible();
}

test('the partner audits a cohort, the admin issues a certificate, the student downloads it, a guest verifies it by its QR link, and a revocation shows', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const name = `Wairimu Kamau ${Date.now()}`;
  const { admin, student, cohortId, location } = await qualifyingStudent(browser, baseURL!, name);

  // The partner reviews the evidence and audits the cohort: its certificates are co-branded.
  await auditCohort(await partnerPage(browser), location);

  // The admin sees the student qualify and issues her certificate.
  await issueInConsole(admin, cohortId, name);

  // The student finds it on her dashboard and downloads the PDF.
  await student.goto('/student-dashboard');
  await student.getByRole('tab', { name: 'Certificates' }).click();
  const download = student.getByRole('link', { name: 'Download PDF of Event Security certificate' });
  await expect(download).toBeVisible();
  const pdfRes = await student.request.get((await download.getAttribute('href'))!);
  expect(pdfRes.status()).toBe(200);
  expect(pdfRes.headers()['content-type']).toBe('application/pdf');
  const pdf = new Uint8Array(await pdfRes.body());
  await mkdir(SHOTS, { recursive: true });
  await writeFile(`${SHOTS}issued-certificate.pdf`, pdf);
  const text = await readPdfText(pdf);
  expect(text.text).toContain(name);
  expect(text.text).toContain('EBSSA');
  const [qr] = await readPdfQrCodes(pdf);
  expect(qr).toMatch(new RegExp(`^${origin().replace(/[.]/g, '\\.')}/cert/verify/OPS-`));
  const ref = decodeURIComponent(new URL(qr!).pathname.split('/').at(-1)!);
  expect(text.text).toContain(ref);

  // A guest (an employer's phone) opens the QR link.
  const guest = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await guest.goto(new URL(qr!).pathname);
  await expect(guest.getByRole('heading', { name: 'Certificate Verified' })).toBeVisible();
  await expect(guest.getByText(name)).toBeVisible();
  await expect(guest.getByText(ref).first()).toBeVisible();
  await expect(guest.getByText(/Audited by EBSSA on /)).toBeVisible();
  const pdfLink = guest.getByRole('link', { name: /Download Certificate/ });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  expect((await guest.request.get((await pdfLink.getAttribute('href'))!)).status()).toBe(200);

  // The admin revokes it from the issued list; the verify page then says so.
  await admin.goto(`/admin?view=training&tab=certificates&cohort=${cohortId}`);
  const issued = admin.getByRole('table', { name: 'Issued certificates' });
  await issued.getByRole('button', { name: `Revoke ${ref}` }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel(/Reason for revoking/).fill('Issued against the wrong enrolment');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(admin.getByText('Certificate revoked').first()).toBeVisible();

  // A fresh visit (a browser that has not kept the earlier answer for its minute).
  const later = await (await browser.newContext()).newPage();
  await later.goto(`/cert/verify/${encodeURIComponent(ref)}`);
  await expect(later.getByRole('heading', { name: 'Certificate Revoked' })).toBeVisible();
  await expect(later.getByText('Issued against the wrong enrolment')).toBeVisible();
  await expect(later.getByRole('link', { name: /Download Certificate/ })).toHaveCount(0);
  expect((await later.request.get(`/api/certificates/verify/${encodeURIComponent(ref)}`)).status()).toBe(410);
});

test('an unknown or mistyped reference reads Verification Failed, and the same for both', async ({ page }) => {
  await page.goto('/cert/verify/OPS-AAAAA-BBBBB-CCCCC-D');
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByText('The certificate with this reference number could not be found.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reference number' }).fill('not a reference');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
});

test('a client sees the Academy Certified badge on the demo guard and can filter for it', async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto('/guards');
  const filter = page.getByRole('checkbox', { name: 'Academy Certified' });
  await expect(filter).toBeVisible();
  await filter.click();
  await expect(page).toHaveURL(/certified=true/);
  await expect(filter).toBeChecked();
  const badge = page.getByRole('link', { name: /Academy Certified/ }).first();
  await expect(badge).toBeVisible();
  await expect(page.getByText('Grace Wanjiru Njoroge').first()).toBeVisible();
  await badge.click();
  await expect(page.getByRole('heading', { name: 'Certificate Verified' })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`the certificate screens at ${width} px, without serious accessibility violations`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width < 600 ? 844 : 900 };
    const name = `Chebet Langat ${width} ${Date.now()}`;
    const { admin, student, cohortId, location } = await qualifyingStudent(browser, baseURL!, name, viewport);
    await mkdir(SHOTS, { recursive: true });

    const partner = await partnerPage(browser, viewport);
    await partner.goto('/partner-dashboard');
    const card = partner.getByRole('article').filter({ hasText: location });
    await expect(card).toBeVisible();
    await expectNoSeriousA11yViolations(partner);
    await partner.screenshot({ path: `${SHOTS}partner-${width}.png` });
    await card.getByRole('button', { name: /Review & Audit/ }).click();
    await expect(partner.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(partner);
    await partner.screenshot({ path: `${SHOTS}partner-review-${width}.png` });
    await partner.getByRole('dialog').getByRole('button', { name: 'Mark as EBSSA Audited' }).click();
    await expect(partner.getByRole('alertdialog')).toBeVisible();
    await expectNoSeriousA11yViolations(partner);
    await partner.screenshot({ path: `${SHOTS}partner-confirm-${width}.png` });
    await partner.keyboard.press('Escape');
    await expect(partner.getByRole('alertdialog')).toHaveCount(0);
    await partner.keyboard.press('Escape');
    await partner.getByRole('tab', { name: 'Course Materials' }).click();
    await expect(partner.getByRole('tabpanel')).toBeVisible();
    await partner.screenshot({ path: `${SHOTS}partner-materials-${width}.png` });

    await issueInConsole(admin, cohortId, name);
    // The toast fades in and out: its half-transparent colours are not what a person reads.
    await expect(admin.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(admin);
    await admin.screenshot({ path: `${SHOTS}console-certificates-${width}.png`, fullPage: true });

    await student.goto('/student-dashboard');
    await student.getByRole('tab', { name: 'Certificates' }).click();
    await expect(student.getByRole('list', { name: 'Your certificates' })).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await student.screenshot({ path: `${SHOTS}student-certificates-${width}.png`, fullPage: true });

    const verifyHref = await student.getByRole('link', { name: /Verify link of/ }).getAttribute('href');
    const guest = await (await browser.newContext({ viewport })).newPage();
    await guest.goto(verifyHref!);
    await expect(guest.getByRole('heading', { name: 'Certificate Verified' })).toBeVisible();
    await expectNoSeriousA11yViolations(guest);
    await guest.screenshot({ path: `${SHOTS}verify-${width}.png`, fullPage: true });
    await guest.goto('/cert/verify/OPS-AAAAA-BBBBB-CCCCC-D');
    await expect(guest.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expectNoSeriousA11yViolations(guest);
    await guest.screenshot({ path: `${SHOTS}verify-not-found-${width}.png`, fullPage: true });
  });
}
