import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usdToKes } from '@ops/shared/money';
import type { GuardCredentialsDto } from '@ops/shared/schemas/guard-documents';
import type { OwnGuardProfileDto } from '@ops/shared/schemas/guards';
import { makeOwnGuardProfile } from '@/test/factories.ts';
import { json, mockFetch, signedInAs, type RecordedRequest } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ProfilePage } from './profile.tsx';

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

function guardApi(profile: OwnGuardProfileDto, save?: (request: RecordedRequest) => Response) {
  return mockFetch({
    ...signedInAs({ role: 'guard' }),
    'GET /api/guards/me/profile': () => json(profile),
    'GET /api/guard/documents': () => json({ documents: [], credentials: noCredentials }),
    'PUT /api/guards/me/profile': save ?? ((request) => json({ ...profile, ...(request.body as object), rateCurrency: undefined })),
  });
}

const renderProfile = () => renderWithApp(<ProfilePage />, { route: '/profile' });
const save = () => screen.getByRole('button', { name: 'Save Guard Profile' });

describe('the Guard Profile card', () => {
  it('is not there for clients', async () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderProfile();

    await screen.findByRole('heading', { name: 'Personal Information' });
    expect(screen.queryByRole('heading', { name: 'Guard Profile' })).not.toBeInTheDocument();
  });

  it('shows a guard their stored profile under their personal information', async () => {
    guardApi(makeOwnGuardProfile({ highRiskCertified: true, availability: false, skills: ['First aid', 'CCTV'] }));
    renderProfile();

    expect(await screen.findByLabelText('Bio')).toHaveValue('Ten years of close protection.');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Personal Information', 'Guard Profile', 'Documents and licences', 'Your Data']);
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByLabelText('Specialization')).toHaveValue('Close protection');
    expect(within(screen.getByLabelText('Specialization')).getAllByRole('option')).toHaveLength(7);
    expect(screen.getByLabelText('Years of Experience')).toHaveValue('10');
    expect(screen.getByLabelText('Hourly Rate (KES)')).toHaveValue('1200');
    expect(screen.getByLabelText('Daily Rate (KES)')).toHaveValue('9600');
    const skills = within(screen.getByRole('list', { name: 'Your skills' }));
    expect(skills.getByText('First aid')).toBeInTheDocument();
    expect(skills.getByText('CCTV')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'High Risk Certified' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Available' })).not.toBeChecked();
  });

  it('says a profile that is not approved yet is under review', async () => {
    guardApi(makeOwnGuardProfile({ approved: false, status: 'pending_approval' }));
    renderProfile();

    expect(await screen.findByText('Pending Approval')).toBeInTheDocument();
    expect(screen.getByText(/under review/)).toBeInTheDocument();
  });

  it('gives the reason of a rejection', async () => {
    guardApi(makeOwnGuardProfile({ approved: false, status: 'rejected', rejectionReason: 'The certificate is unreadable.' }));
    renderProfile();

    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Reason: The certificate is unreadable.')).toBeInTheDocument();
  });

  it('takes rates in USD, shows what they are in KES, and sends the currency', async () => {
    const api = guardApi(makeOwnGuardProfile());
    const { user } = renderProfile();
    await screen.findByLabelText('Hourly Rate (KES)');

    await user.click(screen.getByRole('radio', { name: 'USD' }));

    const hourly = screen.getByLabelText('Hourly Rate (USD)');
    expect(hourly).toHaveValue('8.28');
    expect(screen.getByLabelText('Daily Rate (USD)')).toHaveValue('66.21');
    expect(hourly).toHaveAccessibleDescription('≈ KES 1,200');

    await user.clear(hourly);
    await user.type(hourly, '10');
    expect(hourly).toHaveAccessibleDescription('≈ KES 1,450');

    await user.click(save());

    expect(await screen.findByText('Guard profile updated successfully')).toBeInTheDocument();
    const body = api.calls('PUT', '/api/guards/me/profile')[0]?.body as Record<string, number>;
    expect(body).toMatchObject({ rateCurrency: 'USD', rateHourly: 10 });
    // The daily rate was not touched: it goes exactly, so the server's conversion gives back 9,600.
    expect(usdToKes(body.rateDaily!)).toBe(9600);
  });

  it('shows a rate the guard did not touch at its stored KES value', async () => {
    guardApi(makeOwnGuardProfile());
    const { user } = renderProfile();
    await screen.findByLabelText('Hourly Rate (KES)');

    await user.click(screen.getByRole('radio', { name: 'USD' }));

    expect(screen.getByLabelText('Daily Rate (USD)')).toHaveAccessibleDescription('≈ KES 9,600');
  });

  it('switches back to the same KES figures', async () => {
    guardApi(makeOwnGuardProfile());
    const { user } = renderProfile();
    await screen.findByLabelText('Hourly Rate (KES)');

    await user.click(screen.getByRole('radio', { name: 'USD' }));
    await user.click(screen.getByRole('radio', { name: 'KES' }));

    expect(screen.getByLabelText('Hourly Rate (KES)')).toHaveValue('1200');
    expect(screen.getByLabelText('Daily Rate (KES)')).toHaveValue('9600');
  });

  it('adds skills with Enter or Add, refuses blanks and duplicates, and removes them', async () => {
    const api = guardApi(makeOwnGuardProfile({ skills: ['First aid'] }));
    const { user } = renderProfile();
    const input = await screen.findByRole('textbox', { name: 'Add a skill' });

    await user.type(input, '  CCTV   monitoring {Enter}');
    await user.type(input, 'Crowd control');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const skills = within(screen.getByRole('list', { name: 'Your skills' }));
    expect(skills.getByText('CCTV monitoring')).toBeInTheDocument();
    expect(skills.getByText('Crowd control')).toBeInTheDocument();
    expect(input).toHaveValue('');

    await user.type(input, '   {Enter}');
    expect(screen.getByText('Type a skill before adding it')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, ' first AID {Enter}');
    expect(screen.getByText('“first AID” is already in your skills')).toBeInTheDocument();
    expect(skills.getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove First aid' }));
    expect(skills.queryByText('First aid')).not.toBeInTheDocument();

    await user.click(save());
    await screen.findByText('Guard profile updated successfully');
    expect(api.calls('PUT', '/api/guards/me/profile')[0]?.body).toMatchObject({
      skills: ['CCTV monitoring', 'Crowd control'],
    });
  });

  it('saves the whole profile and confirms', async () => {
    const api = guardApi(makeOwnGuardProfile({ bio: null, specialization: null, skills: [] }));
    const { user } = renderProfile();

    await user.type(await screen.findByLabelText('Bio'), '  Calm under pressure.  ');
    await user.selectOptions(screen.getByLabelText('Specialization'), 'Motorcade security');
    await user.clear(screen.getByLabelText('Years of Experience'));
    await user.type(screen.getByLabelText('Years of Experience'), '4');
    await user.clear(screen.getByLabelText('Daily Rate (KES)'));
    await user.click(screen.getByRole('switch', { name: 'High Risk Certified' }));
    await user.click(save());

    const message = await screen.findByText('Guard profile updated successfully');
    expect(within(message.closest('li')!).getByText('Success')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/guards/me/profile')[0]?.body).toEqual({
      bio: 'Calm under pressure.',
      specialization: 'Motorcade security',
      experienceYears: 4,
      rateCurrency: 'KES',
      rateHourly: 1200,
      rateDaily: null,
      skills: [],
      highRiskCertified: true,
      availability: true,
    });
  });

  it('checks the numbers before sending', async () => {
    const api = guardApi(makeOwnGuardProfile());
    const { user } = renderProfile();

    const hourly = await screen.findByLabelText('Hourly Rate (KES)');
    await user.clear(hourly);
    await user.type(hourly, '-5');
    await user.click(save());

    expect(await screen.findByText('Rates cannot be negative')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/guards/me/profile')).toHaveLength(0);
  });

  it('shows the server’s message when it refuses the save', async () => {
    guardApi(makeOwnGuardProfile(), () => json({ code: 'CONFLICT', message: 'Your profile changed in another tab. Reload and try again.' }, 409));
    const { user } = renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Save Guard Profile' }));

    const message = await screen.findByText('Your profile changed in another tab. Reload and try again.');
    expect(within(message.closest('li')!).getByText('Error')).toBeInTheDocument();
  });

  it("says 'Failed to update guard profile' when the save fails otherwise", async () => {
    guardApi(makeOwnGuardProfile(), () => json({ code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500));
    const { user } = renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Save Guard Profile' }));

    expect(await screen.findByText('Failed to update guard profile')).toBeInTheDocument();
  });
});
