import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GuardListDto } from '@ops/shared/schemas/guards';
import { makeGuard, makeGuardList } from '@/test/factories.ts';
import { json, mockFetch, pending, signedInAs, type RecordedRequest } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { GuardsPage } from './guards.tsx';

const address = () => screen.getByRole('status', { name: 'Address' });
const card = (name: string) => screen.getByRole('article', { name });

function guardsApi(reply: (request: RecordedRequest) => GuardListDto | Response | Promise<Response>) {
  return {
    'GET /api/guards': (request: RecordedRequest) => {
      const result = reply(request);
      return result instanceof Response || result instanceof Promise ? result : json(result);
    },
  };
}

describe('the guard list', () => {
  it('asks visitors to log in', async () => {
    mockFetch();
    renderWithApp(<GuardsPage />, { route: '/guards?sort=experience&available=true' });

    expect(await screen.findByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    // Signing in brings the visitor back to the list, with its filters.
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent('/guards?sort=experience&available=true')}`,
    );
  });

  it('shows a spinner while the guards load, with a way back home', async () => {
    mockFetch({ ...signedInAs(), ...guardsApi(() => pending()) });
    renderWithApp(<GuardsPage />, { route: '/guards' });

    expect(await screen.findByText('Loading security guards...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Security Guards' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('says when there are no guards', async () => {
    mockFetch({ ...signedInAs(), ...guardsApi(() => makeGuardList([])) });
    renderWithApp(<GuardsPage />, { route: '/guards' });

    expect(await screen.findByRole('heading', { name: 'No Guards Available' })).toBeInTheDocument();
  });

  it('says so in an error toast when the list fails to load', async () => {
    mockFetch({ ...signedInAs(), ...guardsApi(() => json({ code: 'INTERNAL_ERROR', message: 'Boom' }, 500)) });
    renderWithApp(<GuardsPage />, { route: '/guards' });

    const toast = await screen.findByRole('listitem');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to load security guards')).toBeInTheDocument();
  });

  it('shows each guard’s card, and View Profile and Book Now to a client', async () => {
    mockFetch({
      ...signedInAs({ role: 'client' }),
      ...guardsApi(() =>
        makeGuardList([
          makeGuard({ highRiskCertified: true, averageRating: 4.25, reviewCount: 12 }),
          makeGuard({
            id: 'guard-2',
            displayName: 'Amina Hassan',
            approved: false,
            experienceYears: 1,
            specialization: 'Event security (Bouncer)',
            rateHourly: null,
          }),
        ]),
      ),
    });
    renderWithApp(<GuardsPage />, { route: '/guards' });

    const otieno = within(await screen.findByRole('article', { name: 'Otieno Kamau' }));
    expect(otieno.getByText('Close protection')).toBeInTheDocument();
    expect(otieno.getByText('8 years experience')).toBeInTheDocument();
    expect(otieno.getByText('Verified')).toBeInTheDocument();
    expect(otieno.getByText('High Risk Certified')).toBeInTheDocument();
    expect(otieno.getByText('4.3 (12 reviews)')).toBeInTheDocument();
    // Each card starts from that guard's own hourly rate.
    expect(otieno.getByText('From KES 1,500/hour')).toBeInTheDocument();
    // No photo: the avatar shows the initials.
    expect(otieno.getByText('OK')).toBeInTheDocument();
    expect(otieno.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/guard/guard-1');
    expect(otieno.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking?guardId=guard-1');

    const amina = within(card('Amina Hassan'));
    expect(amina.getByText('Pending Approval')).toBeInTheDocument();
    expect(amina.getByText('1 year experience')).toBeInTheDocument();
    // No rate of her own: the specification's base rate.
    expect(amina.getByText('From KES 1,200/hour')).toBeInTheDocument();
    expect(amina.queryByText('High Risk Certified')).not.toBeInTheDocument();
    expect(amina.queryByText(/reviews?\)/)).not.toBeInTheDocument();
  });

  it('shows the cards without buttons to other roles', async () => {
    mockFetch({ ...signedInAs({ role: 'guard' }), ...guardsApi(() => makeGuardList([makeGuard({ approved: false })])) });
    renderWithApp(<GuardsPage />, { route: '/guards' });

    const own = within(await screen.findByRole('article', { name: 'Otieno Kamau' }));
    expect(own.getByText('Pending Approval')).toBeInTheDocument();
    expect(own.queryByRole('link', { name: 'View Profile' })).not.toBeInTheDocument();
    expect(own.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
  });
});

describe('filtering, sorting and paging the guard list', () => {
  const thirtyGuards = (request: RecordedRequest) => {
    const page = Number(request.query.page ?? 1);
    return makeGuardList([makeGuard({ id: `guard-p${page}`, displayName: `Guard on page ${page}` })], { page, pageSize: 12, total: 30 });
  };

  it('asks the server for the first page, sorted by rating, with no filters', async () => {
    const api = mockFetch({ ...signedInAs(), ...guardsApi(thirtyGuards) });
    renderWithApp(<GuardsPage />, { route: '/guards' });

    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('30 guards found')).toBeInTheDocument();
    expect(api.calls('GET', '/api/guards')[0]?.query).toEqual({ sort: 'rating', page: '1', pageSize: '12' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('writes each filter to the address and sends it to the server, back to page 1', async () => {
    const api = mockFetch({ ...signedInAs(), ...guardsApi(thirtyGuards) });
    const { user } = renderWithApp(<GuardsPage />, { route: '/guards?page=2' });
    await screen.findByText('Page 2 of 3');

    await user.selectOptions(screen.getByLabelText('Specialization'), 'Close protection');
    await waitFor(() => expect(address()).toHaveTextContent('/guards?specialization=Close+protection'));

    await user.click(screen.getByRole('switch', { name: 'Available now' }));
    await user.click(screen.getByRole('switch', { name: 'High-risk certified' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most experienced');

    await waitFor(() => expect(address()).toHaveTextContent('/guards?specialization=Close+protection&available=true&highRisk=true&sort=experience'));
    await waitFor(() =>
      expect(api.calls('GET', '/api/guards').at(-1)?.query).toEqual({
        specialization: 'Close protection',
        available: 'true',
        highRisk: 'true',
        sort: 'experience',
        page: '1',
        pageSize: '12',
      }),
    );
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('filters for Academy Certified guards, in the address and the query', async () => {
    const api = mockFetch({ ...signedInAs(), ...guardsApi(thirtyGuards) });
    const { user } = renderWithApp(<GuardsPage />, { route: '/guards' });
    await screen.findByText('Page 1 of 3');

    await user.click(screen.getByRole('checkbox', { name: 'Academy Certified' }));
    await waitFor(() => expect(address()).toHaveTextContent('/guards?certified=true'));
    await waitFor(() => expect(api.calls('GET', '/api/guards').at(-1)?.query).toEqual({ certified: 'true', sort: 'rating', page: '1', pageSize: '12' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/guards$/));
    expect(screen.getByRole('checkbox', { name: 'Academy Certified' })).not.toBeChecked();
  });

  it('reads the filters from a shared link', async () => {
    const api = mockFetch({ ...signedInAs(), ...guardsApi(thirtyGuards) });
    renderWithApp(<GuardsPage />, {
      route: '/guards?specialization=Event+security+(Bouncer)&highRisk=true&sort=rate_low&page=3',
    });

    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Specialization')).toHaveValue('Event security (Bouncer)');
    expect(screen.getByLabelText('Sort by')).toHaveValue('rate_low');
    expect(screen.getByRole('switch', { name: 'High-risk certified' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Available now' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.calls('GET', '/api/guards')[0]?.query).toEqual({
      specialization: 'Event security (Bouncer)',
      highRisk: 'true',
      sort: 'rate_low',
      page: '3',
      pageSize: '12',
    });
  });

  it('ignores parameters it does not know instead of sending them', async () => {
    const api = mockFetch({ ...signedInAs(), ...guardsApi(thirtyGuards) });
    renderWithApp(<GuardsPage />, { route: '/guards?specialization=Ninja&sort=cheapest&page=-4' });

    await screen.findByText('Page 1 of 3');
    expect(api.calls('GET', '/api/guards')[0]?.query).toEqual({ sort: 'rating', page: '1', pageSize: '12' });
  });

  it('pages with Next and Previous, keeping the current cards on screen while the next page loads', async () => {
    let holdPageTwo = true;
    const api = mockFetch({
      ...signedInAs(),
      ...guardsApi((request) => (request.query.page === '2' && holdPageTwo ? pending() : thirtyGuards(request))),
    });
    const { user } = renderWithApp(<GuardsPage />, { route: '/guards' });
    await screen.findByRole('article', { name: 'Guard on page 1' });

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(address()).toHaveTextContent('/guards?page=2');
    expect(screen.getByRole('article', { name: 'Guard on page 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading security guards...')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/guards').at(-1)?.query.page).toBe('2');

    holdPageTwo = false;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Guard on page 3' })).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('article', { name: 'Guard on page 2' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('/guards?page=2');
  });

  it('offers to clear the filters when nothing matches', async () => {
    mockFetch({ ...signedInAs(), ...guardsApi((request) => (request.query.available ? makeGuardList([]) : thirtyGuards(request))) });
    const { user } = renderWithApp(<GuardsPage />, { route: '/guards?available=true' });

    expect(await screen.findByRole('heading', { name: 'No Guards Available' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);

    expect(await screen.findByRole('article', { name: 'Guard on page 1' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/guards$/);
  });
});
