import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { CohortFilesDto } from '@ops/shared/schemas/partner';
import { fileOf, mockXhr } from '@/test/fake-xhr.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CohortFilesDialog } from './cohort-files-dialog.tsx';

const cohort = {
  id: 'c0000000-0000-4000-8000-000000000001',
  courseTitle: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
} as AdminCohortRow;
const FILES = `/api/admin/training/cohorts/${cohort.id}/files`;

function filesApi(initial: CohortFilesDto) {
  let files = initial;
  return {
    set: (next: CohortFilesDto) => (files = next),
    handlers: { ...signedInAs({ role: 'admin' }), [`GET ${FILES}`]: () => json(files) },
  };
}

describe('a cohort’s CVs and photos in the console', () => {
  it('says when there are none, uploads a CV with progress and lists it', async () => {
    const store = filesApi({ cvs: [], photos: [] });
    mockFetch(store.handlers);
    const sent = mockXhr();
    const { user } = renderWithApp(<CohortFilesDialog cohort={cohort} onClose={() => {}} />);

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No CVs uploaded')).toBeInTheDocument();
    expect(within(dialog).getByText('No photos uploaded')).toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText('Upload CV'), fileOf('Mwangi CV.pdf', 'application/pdf', 4000));
    const xhr = sent[0]!;
    expect(xhr.url).toBe(`${FILES}/cv`);
    const bar = screen.getByRole('progressbar', { name: 'Uploading Mwangi CV.pdf' });
    xhr.progress(2000, 4000);
    await waitFor(() => expect((bar as HTMLProgressElement).position).toBe(0.5));
    store.set({ cvs: [{ id: 'f-1', name: 'Mwangi CV.pdf', sizeBytes: 4000 }], photos: [] });
    xhr.respond(201, { id: 'f-1', name: 'Mwangi CV.pdf', sizeBytes: 4000, kind: 'cv' });

    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Instructor CVs' });
    expect(within(list).getByRole('link', { name: 'Download Mwangi CV.pdf' })).toHaveAttribute('href', '/api/admin/training/cohort-files/f-1');
  });

  it('refuses a photo that is not an image before sending it', async () => {
    mockFetch(filesApi({ cvs: [], photos: [] }).handlers);
    const sent = mockXhr();
    renderWithApp(<CohortFilesDialog cohort={cohort} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('No photos uploaded');
    // The picker's filter can be switched off by the user; the dialog checks again.
    fireEvent.change(within(dialog).getByLabelText('Upload photo'), { target: { files: [fileOf('notes.txt', 'text/plain', 100)] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Upload the photo as a JPEG, PNG or WebP image.');
    expect(sent).toHaveLength(0);
  });

  it('removes a photo after asking', async () => {
    const store = filesApi({ cvs: [], photos: [{ id: 'p-1', name: 'Hall.jpg', sizeBytes: 2048 }] });
    const api = mockFetch({
      ...store.handlers,
      'DELETE /api/admin/training/cohort-files/p-1': () => {
        store.set({ cvs: [], photos: [] });
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithApp(<CohortFilesDialog cohort={cohort} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Hall.jpg' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Remove this file? Partners will no longer see it.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('File removed')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/admin/training/cohort-files/p-1')).toHaveLength(1);
    expect(await screen.findByText('No photos uploaded')).toBeInTheDocument();
  });
});
