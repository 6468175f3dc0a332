import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, dayFromToday, expectNoSeriousA11yViolations, newStudent } from './academy-helpers.ts';
import { uniqueEmail } from './fixtures.ts';
import { linkFromEmail } from './outbox.ts';

/** Where the academy's screenshots go, beside the other test results. */
const SHOTS = fileURLToPath(new URL('../../../test-results/academy/', import.meta.url));

/** A minimal, valid one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Opens the enrolment dialog on a course page and picks a payment method. */
async function openEnrollment(page: Page, method: 'IntaSend Payment' | 'Cash Payment') {
  await page.getByRole('button', { name: 'Enroll Now' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Enroll in / })).toBeVisible();
  await dialog.getByText(method, { exact: true }).click();
  return dialog;
}

test('a visitor opens a course, signs up through the redirect, enrols by M-Pesa in the sandbox and sees Paid; the admin cancels it with a 95% refund', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Executive Protection', exact: false }).first()).toBeVisible();
  await page.goto('/courses/executive-protection');
  await expect(page.getByText('Course Fee')).toBeVisible();
  await expect(page.getByText('KES 95,000').first()).toBeVisible();

  await page.getByRole('button', { name: 'Enroll Now' }).first().click();
  await expect(page.getByText('Please sign in to enroll in this course')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?redirect=(\/|%2F)courses(\/|%2F)executive-protection/);

  // Sign up on the page the redirect opened, confirm by the e-mail's link, sign in: back on the course.
  const email = uniqueEmail('visitor');
  const password = 'Kilimani-Road-2026';
  await page.getByRole('main').getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByLabel('Full Name').fill('Achieng Odhiambo');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel(/Phone/).fill('0712 345 678');
  await page.getByRole('checkbox', { name: /I agree to the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Please check your email to confirm your account.')).toBeVisible();
  await page.goto(await linkFromEmail(email, /Confirm your/, baseURL!));
  await expect(page.getByText('Email Confirmed!')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/courses\/executive-protection$/);

  const dialog = await openEnrollment(page, 'IntaSend Payment');
  // No phone: the dialog says what is missing and nothing is sent.
  await dialog.getByRole('button', { name: 'Confirm Enrollment' }).click();
  await expect(dialog.getByText('Please enter your phone number for payment')).toBeVisible();
  await dialog.getByLabel('Phone Number (for M-Pesa)').fill('0712 345 678');
  await dialog.getByRole('button', { name: 'Confirm Enrollment' }).click();
  await expect(page.getByText('Payment initiated successfully! Redirecting to payment page...').first()).toBeVisible();

  // The sandbox's checkout page, then back to the student dashboard with the fee paid.
  await page.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/student-dashboard/);
  await expect(page.getByText('Welcome back, Achieng Odhiambo')).toBeVisible();
  const courses = page.getByRole('region', { name: 'My courses' }).or(page.getByLabel('My courses'));
  await expect(courses.getByText('Executive Protection').first()).toBeVisible();
  await expect(courses.getByText('Paid', { exact: true })).toBeVisible({ timeout: 20_000 });

  // The admin cancels it: the console says what goes back before it is confirmed, and the sandbox refunds 95%.
  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=training&tab=enrollments&q=${encodeURIComponent('Achieng Odhiambo')}`);
  await admin.getByRole('button', { name: 'Actions for Achieng Odhiambo' }).first().click();
  await admin.getByRole('menuitem', { name: 'Cancel enrollment' }).click();
  const cancel = admin.getByRole('dialog');
  await expect(cancel.getByText('KES 90,250 (95% of the KES 95,000 paid) is refunded through the payment service', { exact: false })).toBeVisible();
  await cancel.getByLabel(/Reason/).fill('Enrolled twice by mistake');
  await cancel.getByRole('button', { name: 'Cancel enrollment' }).click();
  await expect(admin.getByText('KES 90,250 is refunded through the payment service.')).toBeVisible();
  await page.reload();
  const card = page.getByRole('article', { name: 'Executive Protection' });
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
});

test('a student enrols by cash, the admin approves it, records the payment (the student sees Paid) and cancels it, handing 95% back at the desk', async ({
  browser,
  baseURL,
}) => {
  const name = `Wafula Barasa ${Date.now()}`;
  const student = await newStudent(browser, baseURL!, name);
  await student.goto('/courses/event-security');
  const dialog = await openEnrollment(student, 'Cash Payment');
  await expect(dialog.getByText(/office in Nairobi/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Enrollment' }).click();
  await expect(student.getByText('Enrollment created! Please visit our office to complete payment.').first()).toBeVisible();
  await expect(dialog.getByText('Next steps')).toBeVisible();
  await expect(dialog.getByText(/Pay by .+ to keep your seat/)).toBeVisible();

  await student.goto('/student-dashboard');
  await expect(student.getByText('Payment Pending')).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=training&tab=enrollments&status=pending&q=${encodeURIComponent(name)}`);
  const actions = admin.getByRole('button', { name: `Actions for ${name}` }).first();
  // Approved first (asked, then confirmed), then paid at the desk.
  await actions.click();
  await admin.getByRole('menuitem', { name: 'Approve' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Enrollment Approved')).toBeVisible();
  await admin.goto(`/admin?view=training&tab=enrollments&q=${encodeURIComponent(name)}`);
  await actions.click();
  await admin.getByRole('menuitem', { name: 'Mark paid' }).click();
  const receipt = `RCPT-${Date.now()}`;
  await admin.getByLabel('Receipt number').fill(receipt);
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /Record|Save|Mark/ })
    .last()
    .click();
  await expect(admin.getByText('Payment recorded')).toBeVisible();

  await student.reload();
  await expect(student.getByText('Paid', { exact: true })).toBeVisible();
  await expect(student.getByText('Payment Pending')).toHaveCount(0);

  // The accountant's view: the cash is a payment, found by its receipt number, with nothing to refund.
  await admin.goto(`/admin?view=payments&q=${receipt}`);
  const row = admin.getByRole('row').filter({ hasText: receipt });
  await expect(row).toBeVisible();
  await expect(row.getByText('Cash', { exact: true })).toBeVisible();
  await expect(row.getByText(name)).toBeVisible();
  await expect(row.getByRole('button', { name: /Refund/ })).toHaveCount(0);

  // Cancelled with a reason: 95% is handed back at the desk, and Payments shows the cash refunded.
  await admin.goto(`/admin?view=training&tab=enrollments&q=${encodeURIComponent(name)}`);
  await actions.click();
  await admin.getByRole('menuitem', { name: 'Cancel enrollment' }).click();
  const cancel = admin.getByRole('dialog');
  await expect(cancel.getByText(/KES 52,250 \(95% of the KES 55,000 paid\) is to be given back in cash at the office/)).toBeVisible();
  await cancel.getByLabel(/Reason/).fill('Moved to Mombasa');
  await cancel.getByRole('button', { name: 'Cancel enrollment' }).click();
  await expect(admin.getByText('Give back KES 52,250 in cash at the office; it is recorded in Payments.')).toBeVisible();
  await admin.goto(`/admin?view=payments&q=${receipt}`);
  await expect(admin.getByRole('row').filter({ hasText: receipt }).getByText('refund KES 52,250')).toBeVisible();
});

test('a student submits a PDF and sees Pending Review; the admin grades it and the student sees the grade', async ({ browser, baseURL }) => {
  const name = `Chebet Kiptoo ${Date.now()}`;
  const student = await newStudent(browser, baseURL!, name);
  await student.goto('/courses/event-security');
  const dialog = await openEnrollment(student, 'Cash Payment');
  await dialog.getByRole('button', { name: 'Confirm Enrollment' }).click();
  await expect(dialog.getByText('Next steps')).toBeVisible();

  await student.goto('/student-dashboard');
  await student.getByRole('tab', { name: 'Assessments' }).click();
  // Nothing chosen: the form says so and sends nothing.
  await student.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(student.getByText('Please fill in all fields and select a file').first()).toBeVisible();
  await student.getByLabel('Course enrolment').selectOption({ index: 1 });
  await student.getByLabel('Title').fill('Patrol report, week 1');
  await student.getByLabel('Assessment type').selectOption('assignment');
  await student.getByLabel('File').setInputFiles({ name: 'patrol-report.pdf', mimeType: 'application/pdf', buffer: PDF });
  await student.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(student.getByText('Assessment submitted successfully').first()).toBeVisible();
  const submissions = student.getByLabel('My submissions');
  await expect(submissions.getByText('Patrol report, week 1')).toBeVisible();
  await expect(submissions.getByText('Pending Review')).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto(`/admin?view=training&tab=submissions&q=${encodeURIComponent(name)}`);
  await admin.getByRole('button', { name: `Grade Patrol report, week 1 by ${name}` }).click();
  const grading = admin.getByRole('dialog');
  await grading.getByLabel('Grade').fill('A-');
  await grading.getByLabel('Pass').check();
  await grading.getByLabel('Feedback').fill('Clear timings and a good incident log.');
  await grading.getByRole('button', { name: 'Save grade' }).click();
  await expect(grading).toBeHidden();

  await student.reload();
  await student.getByRole('tab', { name: 'Assessments' }).click();
  await expect(student.getByLabel('My submissions').getByText('Grade: A-')).toBeVisible();
  await expect(student.getByText('Clear timings and a good incident log.')).toBeVisible();
  await expect(student.getByText('Pending Review')).toHaveCount(0);
});

test('the admin creates a cohort and records attendance', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto('/admin?view=training&tab=cohorts');
  await admin.getByRole('button', { name: 'Create cohort' }).click();
  const form = admin.getByRole('dialog');
  await form.getByLabel('Course').selectOption('event-security');
  await form.getByLabel('Start date').fill(dayFromToday(120));
  await form.getByLabel('End date').fill(dayFromToday(141));
  await form.getByLabel('Location').fill('Westlands Training Centre');
  await form.getByLabel('Instructor').fill('Capt. Otieno');
  await form
    .getByRole('button', { name: /Create|Save/ })
    .last()
    .click();
  await expect(admin.getByText('Cohort created successfully')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Cohorts' }).getByText('Westlands Training Centre')).toBeVisible();

  // Attendance for the demo cohort that has students, on a session day of last week.
  await admin.goto('/admin?view=training&tab=attendance');
  const cohort = admin.getByLabel('Cohort');
  await expect(cohort.locator('option', { hasText: 'Certified Protection Officer' }).first()).toBeAttached();
  // Latest start first: the last CPO run is the one under way, with the demo's students.
  const options = await cohort.locator('option').allTextContents();
  const withStudents = options.filter((o) => o.startsWith('Certified Protection Officer')).at(-1);
  expect(withStudents, options.join(' | ')).toBeTruthy();
  await cohort.selectOption({ label: withStudents! });
  // A day after the cohort's end is refused, with the cohort's days named; nothing can be saved.
  await admin.getByLabel('Session date').fill(dayFromToday(400));
  await expect(admin.getByText(/^Choose a day of this cohort, from /)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Save attendance' })).toBeDisabled();
  await admin.getByLabel('Session date').fill(dayFromToday(-2));
  await expect(admin.getByText(/^Choose a day of this cohort, from /)).toBeHidden();
  const marks = admin.getByRole('combobox', { name: /^Attendance of / });
  await expect(marks.first()).toBeVisible();
  const count = await marks.count();
  for (let i = 0; i < count; i += 1) await marks.nth(i).selectOption(i === 0 ? 'late' : 'present');
  await admin.getByRole('button', { name: 'Save attendance' }).click();
  await expect(admin.getByText('Attendance updated successfully')).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole('combobox', { name: /^Attendance of / }).first()).toHaveValue('late');
});

for (const width of [390, 1280]) {
  test(`the academy screens at ${width} px, without serious accessibility violations`, async ({ browser, baseURL }) => {
    // Eight pages, each checked by axe and photographed whole.
    test.setTimeout(150_000);
    await mkdir(SHOTS, { recursive: true });
    const viewport = { width, height: 900 };
    const visitor = await (await browser.newContext({ viewport })).newPage();
    await visitor.goto('/courses');
    await expect(visitor.getByRole('link', { name: /View Course/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.screenshot({ path: `${SHOTS}courses-${width}.png`, fullPage: true });
    await visitor.goto('/courses/cpo');
    await expect(visitor.getByText('Course Fee')).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.screenshot({ path: `${SHOTS}course-cpo-${width}.png`, fullPage: true });

    const student = await newStudent(browser, baseURL!, `Mutua Kioko ${width}`, viewport);
    await student.goto('/courses/cpo');
    const dialog = await openEnrollment(student, 'Cash Payment');
    await student.screenshot({ path: `${SHOTS}enroll-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Confirm Enrollment' }).click();
    await expect(dialog.getByText('Next steps')).toBeVisible();
    await student.goto('/student-dashboard');
    await expect(student.getByText('Payment Pending')).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await student.screenshot({ path: `${SHOTS}student-dashboard-${width}.png`, fullPage: true });
    const bodyWidth = await student.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(width);

    const admin = await adminPage(browser, viewport);
    for (const tab of ['cohorts', 'enrollments', 'attendance', 'submissions']) {
      await admin.goto(`/admin?view=training&tab=${tab}`);
      await expect(admin.getByRole('tablist', { name: 'Training' })).toBeVisible();
      await admin.waitForLoadState('networkidle');
      await admin.screenshot({ path: `${SHOTS}training-${tab}-${width}.png`, fullPage: true });
    }
    await expectNoSeriousA11yViolations(admin);
  });
}
