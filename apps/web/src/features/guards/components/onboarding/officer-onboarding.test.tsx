import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OfficerRow } from '@ops/shared/schemas/admin';
import { json, mockFetch, signedInAs, type RecordedRequest } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { makeOfficer, makeOfficerDetail, makeOfficerPage } from '../../test/officer-fixtures.ts';
import { OfficerOnboarding } from './officer-onboarding.tsx';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const peter = makeOfficer();
const amina = makeOfficer({
  profileId: 'officer-2',
  fullName: 'Amina Hassan',
  email: 'amina@example.co.ke',
  status: 'approved',
  approved: true,
  badge: 'Approved',
  documentsVerified: true,
});

function onboardingApi(handlers: Record<string, Handler> = {}, items: OfficerRow[] = [peter]) {
  return {
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/officers': () => json(makeOfficerPage(items)),
    ...handlers,
  };
}

const start = (route = '/admin?view=onboarding&tab=pending') => renderWithApp(<OfficerOnboarding />, { route });
const officer = async (name: string) => within(await screen.findByRole('article', { name }));
const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] *' });

describe('Officer Onboarding', () => {
  it('shows each tab with its count and the officers of the tab in the address', async () => {
    const api = mockFetch(onboardingApi());
    start();

    expect(await screen.findByRole('tab', { name: 'Pending (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Onboarding (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Deployment Ready (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected (4)' })).toBeInTheDocument();
    const card = await officer('Peter Otieno');
    expect(card.getByText('Pending')).toBeInTheDocument();
    expect(card.getByText('Close protection · 6 years · Applied Nov 2, 2026')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'peter@example.co.ke' })).toHaveAttribute('href', 'mailto:peter@example.co.ke');
    expect(card.getByRole('link', { name: '+254712345678' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(api.calls('GET', '/api/admin/officers')[0]?.query).toMatchObject({ tab: 'pending' });
  });

  it('tells a Deployment Ready officer whose clearance lapsed apart from one whose credentials hold', async () => {
    const ready = { status: 'approved', approved: true, badge: 'Deployment Ready', fitForDuty: true, onboardingComplete: true } as const;
    const lapsed = makeOfficer({ ...ready, profileId: 'officer-3', fullName: 'Mercy Langat', credentialsValidUntil: '2020-11-18' });
    const holding = makeOfficer({ ...ready, profileId: 'officer-4', fullName: 'Faith Achieng', credentialsValidUntil: '2099-03-31' });
    mockFetch(onboardingApi({}, [lapsed, holding]));
    start('/admin?view=onboarding&tab=ready');

    const mercy = await officer('Mercy Langat');
    expect(mercy.getByText('Expired')).toBeInTheDocument();
    expect(mercy.getByText(/not offered to clients until the PSRA licence and police clearance hold/)).toBeInTheDocument();
    const faith = await officer('Faith Achieng');
    expect(faith.getByText('Valid until Mar 31, 2099')).toBeInTheDocument();
    expect(faith.queryByText(/not offered to clients/)).toBeNull();
  });

  it('keeps the tab, search and page in the address and asks the server for them', async () => {
    const api = mockFetch(onboardingApi());
    const { user } = start('/admin?view=onboarding&tab=ready&q=amina&page=2');

    expect(await screen.findByRole('tab', { name: 'Deployment Ready (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search officers' })).toHaveValue('amina');
    expect(api.calls('GET', '/api/admin/officers')[0]?.query).toMatchObject({ tab: 'ready', q: 'amina', page: '2' });

    await user.click(screen.getByRole('tab', { name: 'Rejected (4)' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin?view=onboarding&tab=rejected&q=amina');
    await waitFor(() => expect(api.calls('GET', '/api/admin/officers').at(-1)?.query).toMatchObject({ tab: 'rejected', q: 'amina', page: '1' }));
  });

  it('turns a stage on and says so', async () => {
    let fitForDuty = false;
    const api = mockFetch(
      onboardingApi({
        'GET /api/admin/officers': () => json(makeOfficerPage([{ ...amina, fitForDuty }])),
        'PATCH /api/admin/officers/officer-2/stages': () => {
          fitForDuty = true;
          return json({ ...amina, fitForDuty });
        },
      }),
    );
    const { user } = start();

    const card = await officer('Amina Hassan');
    expect(card.getByRole('switch', { name: 'Documents verified' })).toBeChecked();
    await user.click(card.getByRole('switch', { name: 'Fit for duty' }));

    expect(await toast('Onboarding stage updated')).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/admin/officers/officer-2/stages')[0]?.body).toEqual({ stage: 'fitForDuty', value: true });
    expect(card.getByRole('switch', { name: 'Fit for duty' })).toBeChecked();
    expect(api.calls('GET', '/api/admin/officers')).toHaveLength(2);
  });

  it('shows why the server refused a stage and leaves the switch off', async () => {
    mockFetch(
      onboardingApi(
        {
          'PATCH /api/admin/officers/officer-2/stages': () =>
            json({ code: 'CONFLICT', message: 'Amina Hassan cannot be fit for duty: no PSRA licence is on record.' }, 409),
        },
        [amina],
      ),
    );
    const { user } = start();

    const card = await officer('Amina Hassan');
    await user.click(card.getByRole('switch', { name: 'Fit for duty' }));

    expect(await toast('Failed to update: Amina Hassan cannot be fit for duty: no PSRA licence is on record.')).toBeInTheDocument();
    expect(card.getByRole('switch', { name: 'Fit for duty' })).not.toBeChecked();
  });

  it('approves an officer', async () => {
    const api = mockFetch(onboardingApi({ 'POST /api/admin/officers/officer-1/approve': () => json({ ...peter, approved: true, status: 'approved' }) }));
    const { user } = start();

    await user.click((await officer('Peter Otieno')).getByRole('button', { name: 'Approve' }));

    expect(await toast('Officer approved successfully')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/officers/officer-1/approve')).toHaveLength(1);
  });

  it('says why an approval failed', async () => {
    mockFetch(onboardingApi({ 'POST /api/admin/officers/officer-1/approve': () => json({ code: 'NOT_FOUND', message: 'Unknown guard' }, 404) }));
    const { user } = start();

    await user.click((await officer('Peter Otieno')).getByRole('button', { name: 'Approve' }));

    expect(await toast('Failed to approve: Unknown guard')).toBeInTheDocument();
  });

  it('says so when the officers fail to load', async () => {
    mockFetch(onboardingApi({ 'GET /api/admin/officers': () => json({ code: 'INTERNAL_ERROR', message: 'Database unavailable' }, 500) }));
    start();

    expect(await toast('Failed to load officers: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load officers: Database unavailable');
  });

  it('says when a tab is empty', async () => {
    mockFetch(onboardingApi({}, []));
    start('/admin?view=onboarding&tab=rejected');

    expect(await screen.findByRole('heading', { name: 'No officers in Rejected' })).toBeInTheDocument();
  });

  it('opens the profile with the documents opening in a new tab through the API', async () => {
    mockFetch(onboardingApi({ 'GET /api/admin/guards/officer-1': () => json(makeOfficerDetail()) }));
    const { user } = start();

    await user.click((await officer('Peter Otieno')).getByRole('button', { name: 'View profile' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Peter Otieno' }));
    const open = await dialog.findByRole('link', { name: /PSRA licence in a new tab/ });
    expect(open).toHaveAttribute('href', '/api/guard-documents/doc-1?disposition=inline');
    expect(open).toHaveAttribute('target', '_blank');
    expect(dialog.getByText('No. PSRA/2026/0042 · Valid until Jun 30, 2027')).toBeInTheDocument();
  });

  it('rejects from the profile: the profile closes and the reject dialog asks for the reason', async () => {
    mockFetch(onboardingApi({ 'GET /api/admin/guards/officer-1': () => json(makeOfficerDetail()) }));
    const { user } = start();

    await user.click((await officer('Peter Otieno')).getByRole('button', { name: 'View profile' }));
    const profile = within(await screen.findByRole('dialog', { name: 'Peter Otieno' }));
    expect(await profile.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await user.click(profile.getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('dialog', { name: 'Reject Peter Otieno' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Peter Otieno' })).not.toBeInTheDocument();
  });
});
