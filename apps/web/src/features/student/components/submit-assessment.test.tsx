import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileOf, mockXhr } from '@/test/fake-xhr.ts';
import { enrollment, full, renderDashboard, studentApi, submission } from '../test/student-fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('submitting an assessment', () => {
  async function openForm() {
    const api = studentApi(full);
    const rendered = renderDashboard();
    await rendered.user.click(await screen.findByRole('tab', { name: 'Assessments' }));
    return { ...rendered, api };
  }

  it('asks for every field and a file before sending anything', async () => {
    const sent = mockXhr();
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.type(screen.getByLabelText(/Title/), 'Week 3 report');
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(await screen.findByText('Please fill in all fields and select a file')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByText('Max 20MB. PDF, DOC, DOCX, ZIP')).toBeInTheDocument();
  });

  it('offers only the enrolments that are open', async () => {
    studentApi({
      ...full,
      enrollments: [...full.enrollments, enrollment({ id: 'enr-3', courseTitle: 'Basic Security Guard', status: 'rejected', hasAccess: false })],
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Assessments' }));
    const options = within(screen.getByLabelText(/Course enrolment/)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Select a course', 'Event Security (Dec 07, 2026)', 'Close Protection Officer (Dec 07, 2026)']);
  });

  it.each([
    ['a file over 20 MB', fileOf('thesis.pdf', 'application/pdf', 21 * 1024 * 1024), 'The file is larger than 20 MB.'],
    ['a picture', fileOf('photo.png', 'image/png', 2000), 'Please upload a PDF, DOC, DOCX or ZIP file.'],
  ])('refuses %s in the browser', async (_what, file, message) => {
    const sent = mockXhr();
    const { user } = await openForm();
    // The picker's filter can be switched to 'All files'; the form checks again.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText(/^File/), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^File/)).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.selectOptions(screen.getByLabelText(/Assessment type/), 'project');
    await user.type(screen.getByLabelText(/Title/), 'Thesis');
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(sent).toHaveLength(0);
  });

  it('uploads with a progress bar, says it was submitted, resets the form and reloads the list', async () => {
    const sent = mockXhr();
    const { user, api } = await openForm();
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.selectOptions(screen.getByLabelText(/Assessment type/), 'project');
    await user.type(screen.getByLabelText(/Title/), '  Week 3 report ');
    await user.upload(
      screen.getByLabelText(/^File/),
      fileOf('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 4000),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    const xhr = sent[0]!;
    expect(xhr.url).toBe('/api/student/assessments');
    expect(Object.fromEntries([...xhr.body!.entries()].filter(([k]) => k !== 'file'))).toEqual({
      enrollmentId: 'enr-1',
      title: 'Week 3 report',
      type: 'project',
    });
    const bar = screen.getByRole('progressbar', { name: 'Uploading report.docx' });
    xhr.progress(2000, 4000);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));

    xhr.respond(201, submission({ id: 'sub-3', title: 'Week 3 report' }));
    expect(await screen.findByText('Assessment submitted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Title/)).toHaveValue('');
    expect(screen.getByLabelText(/Course enrolment/)).toHaveValue('');
    expect(screen.getByLabelText(/Assessment type/)).toHaveValue('');
    await waitFor(() => expect(api.calls('GET', '/api/student/overview')).toHaveLength(2));
  });

  it("shows the server's reason when it refuses the submission", async () => {
    const sent = mockXhr();
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.selectOptions(screen.getByLabelText(/Assessment type/), 'assignment');
    await user.type(screen.getByLabelText(/Title/), 'Essay');
    await user.upload(screen.getByLabelText(/^File/), fileOf('essay.pdf', 'application/pdf', 3000));
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    sent[0]!.respond(400, {
      code: 'VALIDATION_ERROR',
      message: 'Please upload a PDF, DOC, DOCX or ZIP file.',
      fields: { file: 'Please upload a PDF, DOC, DOCX or ZIP file.' },
    });

    expect(await screen.findByText('Failed to submit assessment')).toBeInTheDocument();
    expect(screen.getByText('Please upload a PDF, DOC, DOCX or ZIP file.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Title/)).toHaveValue('Essay');
  });
});
