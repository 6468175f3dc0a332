import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GuardCredentialsDto, GuardDocumentDto, GuardDocumentsDto } from '@ops/shared/schemas/guard-documents';
import { fileOf, mockXhr } from '@/test/fake-xhr.ts';
import { json, mockFetch, type RecordedRequest } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { GuardDocumentsCard } from './guard-documents-card.tsx';

const noCredentials: GuardCredentialsDto = {
  psraLicenceNumber: null,
  psraLicenceExpiresOn: null,
  policeClearanceIssuedOn: null,
  policeClearanceExpiresOn: null,
  credentialsValidUntil: null,
  statuses: [
    { credential: 'psra_licence', state: 'missing', expiresOn: null, daysLeft: null },
    { credential: 'police_clearance', state: 'missing', expiresOn: null, daysLeft: null },
  ],
};

const recorded: GuardCredentialsDto = {
  psraLicenceNumber: 'PSRA/2026/00123',
  psraLicenceExpiresOn: '2027-06-30',
  policeClearanceIssuedOn: '2026-01-10',
  policeClearanceExpiresOn: '2026-12-07',
  credentialsValidUntil: '2026-12-07',
  statuses: [
    { credential: 'psra_licence', state: 'valid', expiresOn: '2027-06-30', daysLeft: 217 },
    { credential: 'police_clearance', state: 'expiring', expiresOn: '2026-12-07', daysLeft: 12 },
  ],
};

const cv: GuardDocumentDto = {
  id: 'doc-1',
  kind: 'cv',
  originalName: 'wanjiru-cv.pdf',
  contentType: 'application/pdf',
  sizeBytes: 245_760,
  createdAt: '2026-11-20T08:00:00.000Z',
  url: '/api/guard-documents/doc-1',
};

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function documentsApi(start: GuardDocumentsDto, handlers: Record<string, Handler> = {}) {
  let current = start;
  return {
    setDocuments: (documents: GuardDocumentDto[]) => (current = { ...current, documents }),
    api: mockFetch({ 'GET /api/guard/documents': () => json(current), ...handlers }),
  };
}

const renderCard = () => renderWithApp(<GuardDocumentsCard />, { route: '/profile' });

describe('Documents and licences', () => {
  it('shows where each credential stands and why it matters', async () => {
    documentsApi({ documents: [], credentials: recorded });
    renderCard();

    const credentials = within(await screen.findByRole('list', { name: 'Your credentials' }));
    expect(credentials.getByText('Valid until Jun 30, 2027')).toBeInTheDocument();
    expect(credentials.getByText('Expires in 12 days')).toBeInTheDocument();
    expect(screen.getByText('Clients can book you only while your PSRA licence and police clearance are valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('PSRA licence number')).toHaveValue('PSRA/2026/00123');
    expect(screen.getByLabelText('Clearance expiry date')).toHaveValue('2026-12-07');
  });

  it('says when a credential is missing or expired', async () => {
    documentsApi({
      documents: [],
      credentials: {
        ...noCredentials,
        statuses: [noCredentials.statuses[0]!, { credential: 'police_clearance', state: 'expired', expiresOn: '2026-11-01', daysLeft: -24 }],
      },
    });
    renderCard();

    const credentials = within(await screen.findByRole('list', { name: 'Your credentials' }));
    expect(credentials.getByText('Missing')).toBeInTheDocument();
    expect(credentials.getByText('Expired')).toBeInTheDocument();
    expect(credentials.getByText('Expired on Nov 1, 2026')).toBeInTheDocument();
  });

  it('saves the licence and clearance and shows their new state', async () => {
    const { api } = documentsApi({ documents: [], credentials: noCredentials }, { 'PUT /api/guard/credentials': () => json(recorded) });
    const { user } = renderCard();

    await user.type(await screen.findByLabelText('PSRA licence number'), 'PSRA/2026/00123');
    await user.type(screen.getByLabelText('Licence expiry date'), '2027-06-30');
    await user.type(screen.getByLabelText('Clearance issue date'), '2026-01-10');
    await user.type(screen.getByLabelText('Clearance expiry date'), '2026-12-07');
    await user.click(screen.getByRole('button', { name: 'Save licences' }));

    expect(await screen.findByText('Licences saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/guard/credentials')[0]?.body).toEqual({
      psraLicenceNumber: 'PSRA/2026/00123',
      psraLicenceExpiresOn: '2027-06-30',
      policeClearanceIssuedOn: '2026-01-10',
      policeClearanceExpiresOn: '2026-12-07',
    });
    expect(screen.getByText('Expires in 12 days')).toBeInTheDocument();
  });

  it("puts the server's refusals under the fields they concern", async () => {
    documentsApi(
      { documents: [], credentials: recorded },
      {
        'PUT /api/guard/credentials': () =>
          json(
            {
              code: 'VALIDATION_ERROR',
              message: 'Check the highlighted fields.',
              fields: { psraLicenceNumber: 'This licence number is recorded for another guard' },
            },
            400,
          ),
      },
    );
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Save licences' }));

    const number = screen.getByLabelText('PSRA licence number');
    await waitFor(() => expect(number).toHaveAccessibleDescription('This licence number is recorded for another guard'));
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Licences saved')).not.toBeInTheDocument();
  });

  it('refuses a licence number without its expiry date before sending', async () => {
    const { api } = documentsApi({ documents: [], credentials: noCredentials });
    const { user } = renderCard();

    await user.type(await screen.findByLabelText('PSRA licence number'), 'PSRA/2026/00123');
    await user.click(screen.getByRole('button', { name: 'Save licences' }));

    expect(await screen.findByText('Enter the date your PSRA licence expires')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/guard/credentials')).toHaveLength(0);
  });

  it('uploads a CV with a progress bar, then lists it', async () => {
    const sent = mockXhr();
    const { api, setDocuments } = documentsApi({ documents: [], credentials: recorded });
    const { user } = renderCard();

    await user.upload(await screen.findByLabelText('Upload CV'), fileOf('wanjiru-cv.pdf', 'application/pdf', 245_760));

    const xhr = sent[0]!;
    expect(xhr.url).toBe('/api/guard/documents');
    expect(xhr.body?.get('kind')).toBe('cv');
    const bar = screen.getByRole('progressbar', { name: 'Uploading wanjiru-cv.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');

    xhr.progress(61_440, 245_760);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    xhr.progress(245_760, 245_760);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));

    setDocuments([cv]);
    xhr.respond(201, cv);

    const list = within(await screen.findByRole('list', { name: 'CV' }));
    expect(list.getByText('wanjiru-cv.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Replace CV')).toBeInTheDocument();
    expect(api.calls('GET', '/api/guard/documents')).toHaveLength(2);
  });

  it('stops an upload when cancelled', async () => {
    const sent = mockXhr();
    documentsApi({ documents: [], credentials: recorded });
    const { user } = renderCard();

    await user.upload(await screen.findByLabelText('Upload PSRA licence'), fileOf('licence.pdf', 'application/pdf', 1000));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(sent[0]!.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Upload PSRA licence')).toBeInTheDocument();
  });

  it('refuses a file over 10 MB in the browser, without sending it', async () => {
    const sent = mockXhr();
    documentsApi({ documents: [], credentials: recorded });
    const { user } = renderCard();

    await user.upload(await screen.findByLabelText('Upload Police clearance certificate'), fileOf('clearance.pdf', 'application/pdf', 11 * 1024 * 1024));

    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 10 MB.');
    expect(sent).toHaveLength(0);
  });

  it("shows the server's reason when it refuses an upload", async () => {
    const sent = mockXhr();
    documentsApi({ documents: [], credentials: recorded });
    const { user } = renderCard();

    await user.upload(await screen.findByLabelText('Add certificate'), fileOf('first-aid.png', 'image/png', 2000));
    sent[0]!.respond(400, { code: 'VALIDATION_ERROR', message: 'Upload a PDF, JPEG or PNG file.', fields: { file: 'Upload a PDF, JPEG or PNG file.' } });

    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a PDF, JPEG or PNG file.');
  });

  it('lists documents with their size and date, opens them in a new tab, and removes one after confirmation', async () => {
    const certificate: GuardDocumentDto = {
      ...cv,
      id: 'doc-2',
      kind: 'certificate',
      originalName: 'first-aid.png',
      contentType: 'image/png',
      sizeBytes: 1_572_864,
      url: '/api/guard-documents/doc-2',
    };
    const { api } = documentsApi(
      { documents: [cv, certificate], credentials: recorded },
      { 'DELETE /api/guard/documents/doc-2': () => new Response(null, { status: 204 }) },
    );
    const { user } = renderCard();

    const certificates = within(await screen.findByRole('list', { name: 'Other certificates' }));
    expect(certificates.getByText('first-aid.png')).toBeInTheDocument();
    expect(certificates.getByText('1.5 MB · Nov 20, 2026')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'CV' })).getByText('240 KB · Nov 20, 2026')).toBeInTheDocument();
    const view = certificates.getByRole('link', { name: /^View first-aid.png/ });
    expect(view).toHaveAttribute('href', '/api/guard-documents/doc-2?disposition=inline');
    expect(view).toHaveAttribute('target', '_blank');

    await user.click(certificates.getByRole('button', { name: 'Remove first-aid.png' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this document?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove document' }));

    expect(await screen.findByText('Document removed')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/guard/documents/doc-2')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Other certificates' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'CV' })).getByText('wanjiru-cv.pdf')).toBeInTheDocument();
  });
});
