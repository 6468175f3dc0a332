import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IncidentDto } from '@ops/shared/schemas/shifts';
import { mockXhr } from '@/test/fake-xhr.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { IncidentForm, occurredAtOf, ReportIncidentButton } from './incident-form.tsx';

const BOOKING = '6f1c1a6e-0000-4000-8000-000000000001';
const PATH = `POST /api/shifts/${BOOKING}/incidents`;
const filed: IncidentDto = {
  id: '7a2d0000-0000-4000-8000-000000000009',
  bookingId: BOOKING,
  guardName: 'Peter Otieno',
  shiftIndex: 0,
  type: 'intrusion',
  typeLabel: 'Intrusion or break-in',
  severity: 'high',
  occurredAt: '2026-12-01T07:10:00.000Z',
  description: 'A man climbed the back wall.',
  photoUrls: [],
  createdAt: '2026-12-01T07:12:00.000Z',
};
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/** The form the last request to the incident route carried. */
const sentForm = () => {
  const call = vi.mocked(fetch).mock.calls.findLast(([input]) => typeof input === 'string' && input.endsWith('/incidents'));
  return call?.[1]?.body as FormData;
};

describe('reporting an incident', () => {
  it('sends what happened, the time, the severity, the description and the photos in one form', async () => {
    mockFetch({ ...signedInAs({ role: 'guard' }), [PATH]: () => json(filed, 201) });
    const onDone = vi.fn();
    const { user } = renderWithApp(<IncidentForm bookingId={BOOKING} onDone={onDone} />);
    await user.selectOptions(screen.getByLabelText(/What happened/), 'intrusion');
    await user.selectOptions(screen.getByLabelText(/Severity/), 'medium');
    await user.clear(screen.getByLabelText(/Time it happened/));
    await user.type(screen.getByLabelText(/Time it happened/), '10:10');
    await user.type(screen.getByLabelText(/Description/), 'A man climbed the back wall.');
    await user.upload(screen.getByLabelText(/Photos/), [png('wall.png'), png('gate.png')]);
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(filed));
    const form = sentForm();
    expect(form.get('type')).toBe('intrusion');
    expect(form.get('severity')).toBe('medium');
    expect(form.get('description')).toBe('A man climbed the back wall.');
    expect(new Date(form.get('occurredAt') as string).toISOString()).toMatch(/T07:10:00\.000Z$/);
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['wall.png', 'gate.png']);
    expect(await screen.findByText('The operator can see it now.')).toBeInTheDocument();
  });

  it('sends a high-severity report at once and its photos after it; a photo refused is named and the report is not sent twice', async () => {
    const api = mockFetch({ ...signedInAs({ role: 'guard' }), [PATH]: () => json(filed, 201) });
    const uploads = mockXhr();
    const onDone = vi.fn();
    const { user } = renderWithApp(<IncidentForm bookingId={BOOKING} onDone={onDone} />);
    await user.selectOptions(screen.getByLabelText(/Severity/), 'high');
    await user.type(screen.getByLabelText(/Description/), 'A man climbed the back wall.');
    await user.upload(screen.getByLabelText(/Photos/), [png('wall.png'), png('gate.png')]);
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(sentForm().getAll('photos')).toEqual([]);
    expect(uploads[0]?.url).toBe(`/api/incidents/${filed.id}/photos`);
    uploads[0]?.respond(204, undefined);
    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]?.respond(400, { code: 'VALIDATION', message: 'The photo must be a JPEG, PNG or WebP image.', fields: {} });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(filed));
    expect(
      await screen.findByText('The report was sent, but not every photo: gate.png: The photo must be a JPEG, PNG or WebP image.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The operator and the client have been alerted.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/shifts/${BOOKING}/incidents`)).toHaveLength(1);
  });

  it("puts the server's refusals beside the fields they are about", async () => {
    mockFetch({
      ...signedInAs({ role: 'guard' }),
      [PATH]: () =>
        json(
          {
            code: 'VALIDATION',
            message: 'Please correct the highlighted fields',
            fields: { photos: 'The photo must be a JPEG, PNG or WebP image.', occurredAt: 'Give a time during this shift.' },
          },
          400,
        ),
    });
    const { user } = renderWithApp(<IncidentForm bookingId={BOOKING} />);
    await user.type(screen.getByLabelText(/Description/), 'Someone at the gate.');
    await user.upload(screen.getByLabelText(/Photos/), png('disguised.png'));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('The photo must be a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(screen.getAllByText('Give a time during this shift.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/Time it happened/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a fourth photo and an empty description before sending anything', async () => {
    const api = mockFetch({ ...signedInAs({ role: 'guard' }), [PATH]: () => json(filed, 201) });
    const { user } = renderWithApp(<IncidentForm bookingId={BOOKING} />);
    await user.upload(screen.getByLabelText(/Photos/), [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    expect(screen.getByText('Choose at most 3 photos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Describe what happened.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/shifts/${BOOKING}/incidents`)).toHaveLength(0);
  });

  it("opens from 'Report incident' in a dialog", async () => {
    mockFetch({ ...signedInAs({ role: 'guard' }) });
    const { user } = renderWithApp(<ReportIncidentButton bookingId={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Report incident' }));
    expect(await screen.findByRole('dialog', { name: 'Report an incident' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send report' })).toBeInTheDocument();
  });
});

describe('the time it happened', () => {
  it.each([
    ['10:10 at 10:15 Nairobi is today', '10:10', '2026-12-01T07:15:00.000Z', '2026-12-01T07:10:00.000Z'],
    ['23:50 at 00:10 Nairobi was yesterday', '23:50', '2026-11-30T21:10:00.000Z', '2026-11-30T20:50:00.000Z'],
    ['a minute ahead of the clock is still now', '10:16', '2026-12-01T07:15:30.000Z', '2026-12-01T07:16:00.000Z'],
  ])('%s', (_what, time, now, expected) => {
    expect(occurredAtOf(time, new Date(now))).toBe(expected);
  });
});
