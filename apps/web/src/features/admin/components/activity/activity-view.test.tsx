import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { pageOf } from '@/test/console-fixtures.ts';
import { makeActivityRow } from '../../test/activity-fixtures.ts';
import { ActivityView } from './activity-view.tsx';
import { actionWords, changeWords } from './activity-words.ts';

const events = [
  makeActivityRow(),
  makeActivityRow({
    id: 'event-2',
    createdAt: '2026-11-24T21:30:00.000Z',
    action: 'document.read',
    recordType: 'guard_document',
    recordId: 'abcdef12-0000-4000-8000-000000000000',
    recordName: 'psra-licence.pdf',
    before: null,
    after: null,
  }),
  makeActivityRow({
    id: 'event-3',
    createdAt: '2026-11-24T20:00:00.000Z',
    action: 'booking.staff',
    recordType: 'booking',
    recordId: '0b7c2f4e-0000-4000-8000-0000000000b1',
    recordName: 'OPS-K7PQ2D',
    subjectName: 'Wanjiru Kamau',
    before: { guardProfileIds: [] },
    after: { guardProfileIds: ['5d7c2f4e-0000-4000-8000-000000000007'], teamSize: 2 },
    readable: { before: { guards: [] }, after: { guards: ['Mary Auma'], teamSize: 2 } },
  }),
  makeActivityRow({
    id: 'event-4',
    createdAt: '2026-11-24T19:00:00.000Z',
    action: 'certificate.candidates',
    recordType: 'cohort',
    recordId: '0c7c2f4e-0000-4000-8000-0000000000c1',
    recordName: null,
    subjectProfileId: null,
    subjectName: null,
    before: null,
    after: { enrollmentIds: ['3edd87e3-0000-4000-8000-000000000001'] },
    readable: { before: null, after: { enrolments: ['Amina Njeri'] } },
  }),
];

const activityApi = () => ({ ...signedInAs({ role: 'admin' }), 'GET /api/admin/activity': () => json(pageOf(events)) });
const inTable = () => within(screen.getByRole('table', { name: 'Activity' }));
const address = () => screen.getByRole('status', { name: 'Address' });

describe('the Activity view', () => {
  it('reads each event in words, at Nairobi time', async () => {
    mockFetch(activityApi());
    renderWithApp(<ActivityView />, { route: '/admin?view=activity' });

    const approval = (await inTable().findByText('Approved guard')).closest('tr')!;
    expect(approval).toHaveTextContent('Nov 25, 2026 10:05');
    expect(approval).toHaveTextContent('Alice Admin');
    expect(approval).toHaveTextContent('Peter Wanyama');
    expect(approval).toHaveTextContent('approved: no → yes; status: pending → approved');
    const view = inTable().getByText('Viewed document').closest('tr')!;
    // 21:30 UTC is already the next day in Nairobi.
    expect(view).toHaveTextContent('Nov 25, 2026 00:30');
    expect(view).toHaveTextContent('Guard document psra-licence.pdf');
  });

  it('names records, people and courses where the trail keeps ids, and never shows an id', async () => {
    mockFetch(activityApi());
    renderWithApp(<ActivityView />, { route: '/admin?view=activity' });

    const staffed = (await inTable().findByText('Assigned guards')).closest('tr')!;
    expect(staffed).toHaveTextContent('Booking OPS-K7PQ2D');
    expect(staffed).toHaveTextContent('guards: — → Mary Auma');
    const candidates = inTable().getByText('Viewed certificate candidates').closest('tr')!;
    expect(candidates).toHaveTextContent('enrolments: Amina Njeri');
    expect(screen.getByRole('table', { name: 'Activity' }).textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|enrollment ids|guard profile ids/i);
  });

  it('filters by action and dates, and exports the same rows as CSV', async () => {
    const api = mockFetch(activityApi());
    const { user } = renderWithApp(<ActivityView />, { route: '/admin?view=activity&page=2' });
    await inTable().findByText('Approved guard');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'guard.approve');
    await waitFor(() => expect(api.calls('GET', '/api/admin/activity').at(-1)?.query).toMatchObject({ action: 'guard.approve', page: '1' }));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(address()).toHaveTextContent('/admin?view=activity&action=guard.approve&from=2026-11-01'));

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(csv.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/admin/activity.csv');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ action: 'guard.approve', from: '2026-11-01' });
    expect(href.searchParams.has('page')).toBe(false);
  });

  it('shows one person’s actions when their name is chosen, and everyone again', async () => {
    const api = mockFetch(activityApi());
    const { user } = renderWithApp(<ActivityView />, { route: '/admin?view=activity' });
    const approval = within((await inTable().findByText('Approved guard')).closest('tr')!);

    await user.click(approval.getByRole('button', { name: 'Only actions by Alice Admin' }));
    await waitFor(() => expect(api.calls('GET', '/api/admin/activity').at(-1)?.query).toMatchObject({ actor: '5d7c2f4e-0000-4000-8000-0000000000aa' }));
    await user.click(screen.getByRole('button', { name: 'Everyone' }));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/admin\?view=activity$/));
  });

  it('says the trail could not be loaded', async () => {
    mockFetch({ ...signedInAs({ role: 'admin' }), 'GET /api/admin/activity': () => json({ code: 'INTERNAL', message: 'Boom' }, 500) });
    renderWithApp(<ActivityView />, { route: '/admin?view=activity' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch activity data');
  });
});

describe('activity in words', () => {
  it('names known actions and puts unknown ones together from their parts', () => {
    expect(actionWords('guard.approve')).toBe('Approved guard');
    expect(actionWords('document.read')).toBe('Viewed document');
    expect(actionWords('booking.refund')).toBe('Refunded booking');
    expect(actionWords('cohort_session.create')).toBe('Created cohort session');
  });

  it('shows what changed in one line', () => {
    expect(changeWords({ fitForDuty: false }, { fitForDuty: true })).toBe('fit for duty: no → yes');
    expect(changeWords(null, { reason: 'No licence' })).toBe('reason: No licence');
    expect(changeWords(null, null)).toBe('—');
  });
});
