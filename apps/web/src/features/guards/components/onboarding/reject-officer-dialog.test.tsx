import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInAs, type RecordedRequest } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { makeOfficer, makeOfficerPage } from '../../test/officer-fixtures.ts';
import { OfficerOnboarding } from './officer-onboarding.tsx';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function rejectApi(reject: Handler) {
  return {
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/officers': () => json(makeOfficerPage([makeOfficer()])),
    'POST /api/admin/officers/officer-1/reject': reject,
  };
}

async function openRejectDialog() {
  const view = renderWithApp(<OfficerOnboarding />, { route: '/admin?view=onboarding&tab=pending' });
  const card = within(await screen.findByRole('article', { name: 'Peter Otieno' }));
  await view.user.click(card.getByRole('button', { name: 'Reject' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Reject Peter Otieno' }));
  return {
    ...view,
    dialog,
    reason: dialog.getByRole('textbox', { name: 'Rejection reason' }),
    confirm: dialog.getByRole('button', { name: 'Confirm' }),
  };
}

const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] *' });

describe('rejecting an officer', () => {
  it('keeps Confirm disabled while the reason is blank or only spaces', async () => {
    mockFetch(rejectApi(() => json({})));
    const { user, reason, confirm } = await openRejectDialog();

    expect(confirm).toBeDisabled();
    await user.type(reason, '   ');
    expect(confirm).toBeDisabled();
    await user.type(reason, 'x');
    expect(confirm).toBeEnabled();
  });

  it('asks for a reason when Enter sends a blank one, and sends nothing', async () => {
    const api = mockFetch(rejectApi(() => json({})));
    const { user, dialog, reason } = await openRejectDialog();

    await user.type(reason, '  {Enter}');

    expect(dialog.getByRole('alert')).toHaveTextContent('Please provide a rejection reason');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/admin/officers/officer-1/reject')).toHaveLength(0);
  });

  it('sends the reason trimmed, says so and closes', async () => {
    const api = mockFetch(rejectApi(() => json(makeOfficer({ status: 'rejected', badge: 'Rejected' }))));
    const { user, reason, confirm } = await openRejectDialog();

    await user.type(reason, '  Police clearance could not be verified  ');
    await user.click(confirm);

    expect(await toast('Officer rejected')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/officers/officer-1/reject')[0]?.body).toEqual({ reason: 'Police clearance could not be verified' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why a rejection failed and keeps the reason typed', async () => {
    mockFetch(rejectApi(() => json({ code: 'CONFLICT', message: 'This officer is already rejected.' }, 409)));
    const { user, reason, confirm } = await openRejectDialog();

    await user.type(reason, 'No show at the office');
    await user.click(confirm);

    expect(await toast('Failed to reject: This officer is already rejected.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reject Peter Otieno' })).toBeInTheDocument();
    expect(reason).toHaveValue('No show at the office');
  });
});
