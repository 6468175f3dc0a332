import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminSettingsDto, SystemInfoDto } from '@ops/shared/schemas/settings';
import { policyOfSettings, reschedulePolicyOfSettings, TOO_LIGHT_MESSAGE } from '@ops/shared/schemas/settings';
import { resetPublicSettings, usePublicSettings } from '@/lib/public-settings.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { SettingsView } from './settings-view.tsx';

const SAVED: AdminSettingsDto = {
  companyName: 'OPS Security',
  slogan: 'Select and Deploy the Best.',
  primaryColor: '#0F1E36',
  logoUrl: null,
  defaultBookingDurationHours: 8,
  maxAdvanceBookingDays: 30,
  platformCommissionPercent: 5,
  autoApproveGuards: false,
  certificateAttendancePercent: 80,
  reminderFirstLeadHours: 24,
  reminderSecondLeadHours: 2,
  checkInOpensMinutes: 30,
  siteRadiusMeters: 200,
  lateGraceMinutes: 15,
  completionGraceMinutes: 120,
  cancelFullNoticeHours: 48,
  cancelFullPercent: 95,
  cancelPartialNoticeHours: 24,
  cancelPartialPercent: 50,
  rescheduleNoticeHours: 24,
  rescheduleMaxMoves: 2,
  dutyPhone: null,
  updatedAt: '2026-03-01T08:00:00.000Z',
};
const INFO: SystemInfoDto = { version: 'v1.0.0', database: { engine: 'PGlite', version: '17.4', description: 'PostgreSQL 17.4 on wasm32' } };

/** The server as the console sees it; the public settings follow what was saved, as the server's do. */
function settingsApi(put?: (body: unknown) => Response) {
  let saved = SAVED;
  const accept = (body: unknown) => {
    saved = { ...saved, ...(body as Partial<AdminSettingsDto>) };
    return json(saved);
  };
  return {
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/settings': () => json(saved),
    'GET /api/settings/public': () => {
      const { companyName, slogan, primaryColor, logoUrl, maxAdvanceBookingDays, defaultBookingDurationHours } = saved;
      const policies = { cancellationPolicy: policyOfSettings(saved), reschedulePolicy: reschedulePolicyOfSettings(saved) };
      return json({ companyName, slogan, primaryColor, logoUrl, maxAdvanceBookingDays, defaultBookingDurationHours, ...policies });
    },
    'GET /api/admin/system-info': () => json(INFO),
    'PUT /api/admin/settings': ({ body }: { body: unknown }) => (put ?? accept)(body),
  };
}

afterEach(() => {
  resetPublicSettings();
  document.documentElement.removeAttribute('style');
  localStorage.clear();
});

/** What the site's pages read of the reschedule policy. */
function ReschedulePolicyShown() {
  const { noticeHours, maxMoves } = usePublicSettings().reschedulePolicy;
  return <p>{`The site allows ${maxMoves} moves with ${noticeHours} hours' notice.`}</p>;
}

async function field(name: RegExp) {
  return screen.findByRole('spinbutton', { name });
}

describe('the Settings view', () => {
  it('shows the saved settings, the version and the database in use', async () => {
    mockFetch(settingsApi());
    renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    expect(await screen.findByRole('textbox', { name: /Company name/ })).toHaveValue('OPS Security');
    expect(await field(/Default booking duration/)).toHaveValue(8);
    expect(await field(/Platform commission/)).toHaveValue(5);
    expect(screen.getByRole('switch', { name: 'Auto-approve guards' })).not.toBeChecked();
    expect(await field(/Certificate attendance threshold \(%\)/)).toHaveValue(80);
    expect(await screen.findByText('v1.0.0')).toBeInTheDocument();
    expect(screen.getByText('PGlite 17.4')).toBeInTheDocument();
  });

  it.each([
    [/Default booking duration/, '25', 'The default booking duration must be between 6 and 24 hours.'],
    [/Max advance booking/, '0', 'The max advance booking must be between 1 and 365 days.'],
    [/Platform commission/, '50.5', 'The commission must be between 0% and 50%.'],
    [/Certificate attendance threshold/, '101', 'Enter a whole number from 0 to 100'],
    [/Certificate attendance threshold/, '75.5', 'Enter a whole number from 0 to 100'],
    [/Reschedule notice/, '721', 'The reschedule notice must be between 0 and 720 hours.'],
    [/Reschedule notice/, '2.5', 'Enter the reschedule notice in whole hours.'],
    [/Moves per booking/, '11', 'Enter the moves per booking as a whole number from 0 to 10.'],
  ])('refuses %s out of bounds on the field, sending nothing', async (name, value, message) => {
    const api = mockFetch(settingsApi());
    const { user } = renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    const input = await field(name);
    await user.clear(input);
    await user.type(input, value);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/api/admin/settings')).toEqual([]);
  });

  it('refuses a colour too light for white button text', async () => {
    const api = mockFetch(settingsApi());
    const { user } = renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    const colour = await screen.findByRole('textbox', { name: /Primary colour/ });
    await user.clear(colour);
    await user.type(colour, '#FFD700');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(TOO_LIGHT_MESSAGE)).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')).toEqual([]);
  });

  it('saves, says so, and puts the new colour on the site at once', async () => {
    const api = mockFetch(settingsApi());
    const { user } = renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    const name = await screen.findByRole('textbox', { name: /Company name/ });
    await user.clear(name);
    await user.type(name, 'Simba Guards');
    const colour = screen.getByRole('textbox', { name: /Primary colour/ });
    await user.clear(colour);
    await user.type(colour, '#14532D');
    const commission = await field(/Platform commission/);
    await user.clear(commission);
    await user.type(commission, '7.25');
    await user.click(screen.getByRole('switch', { name: 'Auto-approve guards' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toEqual({
      ...Object.fromEntries(Object.entries(SAVED).filter(([k]) => !['logoUrl', 'updatedAt'].includes(k))),
      companyName: 'Simba Guards',
      primaryColor: '#14532D',
      platformCommissionPercent: 7.25,
      autoApproveGuards: true,
      // No duty phone: an empty field, which the server stores as none.
      dutyPhone: '',
    });
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#14532D'));
    // And the site reads its public settings again, past any cached copy.
    await waitFor(() => expect(api.calls('GET', '/api/settings/public')).not.toHaveLength(0));
  });

  it('puts the server’s refusal on the field it names and says saving failed', async () => {
    mockFetch(
      settingsApi(() =>
        json({ code: 'VALIDATION', message: 'Enter the company name.', fields: { companyName: 'Keep the company name to 80 characters or fewer.' } }, 400),
      ),
    );
    const { user } = renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    await screen.findByRole('textbox', { name: /Company name/ });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Keep the company name to 80 characters or fewer.')).toBeInTheDocument();
    expect(screen.getByText('Failed to save settings')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the certificate attendance threshold, and shows the server’s refusal on that field', async () => {
    let refuse = false;
    const api = mockFetch(
      settingsApi((body) =>
        refuse
          ? json(
              { code: 'VALIDATION', message: 'Check the settings.', fields: { certificateAttendancePercent: 'Enter a whole number from 0 to 100' } },
              400,
            )
          : json({ ...SAVED, ...(body as Partial<AdminSettingsDto>) }),
      ),
    );
    const { user } = renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    const threshold = await field(/Certificate attendance threshold/);
    await user.clear(threshold);
    await user.type(threshold, '75');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toMatchObject({ certificateAttendancePercent: 75 });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter a whole number from 0 to 100')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
  });
  it('saves the shift settings, and shows the server’s refusal of a second reminder not after the first on that field', async () => {
    const SECOND_FIRST = 'The second reminder must come after the first: give it fewer hours before the shift.';
    let refuse = false;
    const api = mockFetch(
      settingsApi((body) =>
        refuse
          ? json({ code: 'VALIDATION', message: 'Check the settings.', fields: { reminderSecondLeadHours: SECOND_FIRST } }, 400)
          : json({ ...SAVED, ...(body as Partial<AdminSettingsDto>) }),
      ),
    );
    const { user } = renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    const grace = await field(/Late after/);
    await user.clear(grace);
    await user.type(grace, '20');
    await user.type(screen.getByRole('textbox', { name: /Duty phone/ }), '0722000111');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toMatchObject({ lateGraceMinutes: 20, reminderFirstLeadHours: 24, siteRadiusMeters: 200 });

    refuse = true;
    const first = await field(/First reminder/);
    await user.clear(first);
    await user.type(first, '6');
    const second = await field(/Second reminder/);
    await user.clear(second);
    await user.type(second, '6');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SECOND_FIRST)).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the reschedule policy beside the cancellation policy, saves it, and puts it on the site at once', async () => {
    const api = mockFetch(settingsApi());
    const { user } = renderWithApp(
      <>
        <SettingsView />
        <ReschedulePolicyShown />
      </>,
      { route: '/admin?view=settings' },
    );
    expect(screen.getByText("The site allows 2 moves with 24 hours' notice.")).toBeInTheDocument();
    const notice = await field(/Reschedule notice \(hours\)/);
    const moves = await field(/Moves per booking/);
    expect(notice).toHaveValue(24);
    expect(moves).toHaveValue(2);
    const cancellation = screen.getByRole('heading', { name: 'Cancellation policy' });
    expect(cancellation.compareDocumentPosition(screen.getByRole('heading', { name: 'Reschedule policy' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.clear(notice);
    await user.type(notice, '12');
    await user.clear(moves);
    await user.type(moves, '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toMatchObject({
      rescheduleNoticeHours: 12,
      rescheduleMaxMoves: 0,
      cancelFullNoticeHours: 48,
    });
    expect(await screen.findByText("The site allows 0 moves with 12 hours' notice.")).toBeInTheDocument();
    // And still after the site reads its public settings again.
    await waitFor(() => expect(api.calls('GET', '/api/settings/public')).not.toHaveLength(0));
    expect(screen.getByText("The site allows 0 moves with 12 hours' notice.")).toBeInTheDocument();
  });

  it('puts the server’s refusals of the reschedule policy under their fields', async () => {
    const fields = {
      rescheduleNoticeHours: 'The reschedule notice must be between 0 and 720 hours.',
      rescheduleMaxMoves: 'Enter the moves per booking as a whole number from 0 to 10.',
    };
    mockFetch(settingsApi(() => json({ code: 'VALIDATION', message: 'Check the settings.', fields }, 400)));
    const { user } = renderWithApp(<SettingsView />, { route: '/admin?view=settings' });
    const notice = await field(/Reschedule notice/);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(fields.rescheduleNoticeHours)).toBeInTheDocument();
    expect(screen.getByText(fields.rescheduleMaxMoves)).toBeInTheDocument();
    expect(notice).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('spinbutton', { name: /Moves per booking/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Failed to save settings')).toBeInTheDocument();
  });
});
