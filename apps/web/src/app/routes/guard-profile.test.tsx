import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeGuardDetails, makeReview } from '@/test/factories.ts';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { GuardProfilePage } from './guard-profile.tsx';

const renderProfile = (route = '/guard/guard-1') =>
  renderWithApp(<GuardProfilePage />, { route, pages: { '/guard/:id': <GuardProfilePage />, '/guards/:id': <GuardProfilePage /> } });

const address = () => screen.getByRole('status', { name: 'Address' });

const guardApi = (guard = makeGuardDetails(), reviews = [makeReview()]) => ({
  'GET /api/guards/guard-1': () => json(guard),
  'GET /api/guards/guard-1/reviews': () => json(reviews),
});

describe('the guard profile', () => {
  it('says it is loading', async () => {
    mockFetch({ ...signedInAs(), 'GET /api/guards/guard-1': () => pending() });
    renderProfile();

    expect(await screen.findByText('Loading guard profile...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Guards' })).toHaveAttribute('href', '/guards');
  });

  it('shows the guard, their skills, reviews and rates in KES and USD', async () => {
    mockFetch({
      ...signedInAs({ role: 'client' }),
      ...guardApi(makeGuardDetails({ highRiskCertified: true, averageRating: 4.66, reviewCount: 3 })),
    });
    renderProfile();

    expect(await screen.findByRole('heading', { level: 1, name: 'Otieno Kamau' })).toBeInTheDocument();
    expect(screen.getByText('Close protection')).toBeInTheDocument();
    expect(screen.getByText('8 years experience')).toBeInTheDocument();
    expect(screen.getByText('4.7')).toBeInTheDocument();
    expect(screen.getByText('(3 reviews)')).toBeInTheDocument();
    expect(screen.getByText('High Risk Certified')).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Former VIP protection officer with ten years in Nairobi.')).toBeInTheDocument();
    const skills = within(screen.getByRole('list', { name: 'Skills' }));
    expect(skills.getByText('First aid')).toBeInTheDocument();
    expect(skills.getByText('Defensive driving')).toBeInTheDocument();

    expect(screen.getByText('KES 1,200')).toBeInTheDocument();
    expect(screen.getByText('$8.28')).toBeInTheDocument();
    expect(screen.getByText('KES 9,600')).toBeInTheDocument();
    expect(screen.getByText('$66.21')).toBeInTheDocument();

    // Reviewed late on the 22nd UTC, which is already the 23rd in Nairobi.
    const reviews = within(await screen.findByRole('list', { name: 'Client reviews' }));
    expect(reviews.getByText('Acme Ltd')).toBeInTheDocument();
    expect(reviews.getByText('Nov 23, 2026')).toBeInTheDocument();
    expect(reviews.getByText('Professional and punctual.')).toBeInTheDocument();
    expect(reviews.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Book This Guard' })).toBeEnabled();
  });

  it('shows the Academy Certified badge linked to the certificate’s verify page', async () => {
    const academyCertified = { certificateRef: 'OPS-7KQ2M-9XD4A-B3C5E-Q', courseName: 'Certified Protection Officer' };
    mockFetch({ ...signedInAs({ role: 'client' }), ...guardApi(makeGuardDetails({ academyCertified })) });
    renderProfile();

    const badge = await screen.findByRole('link', { name: /Academy Certified: Certified Protection Officer/ });
    expect(badge).toHaveAttribute('href', '/cert/verify/OPS-7KQ2M-9XD4A-B3C5E-Q');
  });

  it('serves /guards/:id too, and shows no rating nor reviews when there are none', async () => {
    mockFetch({ ...signedInAs(), ...guardApi(makeGuardDetails(), []) });
    renderProfile('/guards/guard-1');

    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByText(/reviews\)/)).not.toBeInTheDocument();
    expect(screen.queryByText('High Risk Certified')).not.toBeInTheDocument();
  });

  it('offers no booking for an unavailable guard', async () => {
    mockFetch({ ...signedInAs({ role: 'client' }), ...guardApi(makeGuardDetails({ availability: false })) });
    renderProfile();

    expect(await screen.findByText('Unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book This Guard' })).not.toBeInTheDocument();
  });

  it('offers no booking to a guard or an admin', async () => {
    mockFetch({ ...signedInAs({ role: 'guard' }), ...guardApi() });
    renderProfile();

    expect(await screen.findByText('Only client accounts can book security guards.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book This Guard' })).not.toBeInTheDocument();
  });

  it('shows a visitor the whole profile, and asks them to log in to book', async () => {
    mockFetch(guardApi(makeGuardDetails({ highRiskCertified: true, averageRating: 4.66, reviewCount: 3 })));
    const { user } = renderProfile();

    expect(await screen.findByRole('heading', { level: 1, name: 'Otieno Kamau' })).toBeInTheDocument();
    expect(screen.getByText('Close protection')).toBeInTheDocument();
    expect(screen.getByText('8 years experience')).toBeInTheDocument();
    expect(screen.getByText('4.7')).toBeInTheDocument();
    expect(screen.getByText('(3 reviews)')).toBeInTheDocument();
    expect(screen.getByText('High Risk Certified')).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Former VIP protection officer with ten years in Nairobi.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Skills' })).getByText('First aid')).toBeInTheDocument();
    expect(screen.getByText('KES 1,200')).toBeInTheDocument();
    expect(screen.getByText('KES 9,600')).toBeInTheDocument();
    const reviews = within(await screen.findByRole('list', { name: 'Client reviews' }));
    expect(reviews.getByText('Acme Ltd')).toBeInTheDocument();
    expect(reviews.getByText('Professional and punctual.')).toBeInTheDocument();
    expect(screen.queryByText('Please Log In')).not.toBeInTheDocument();

    expect(screen.getByText('Please log in to book this guard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book This Guard' })).not.toBeInTheDocument();
    // Signing in brings the visitor back to this guard.
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(address()).toHaveTextContent(`/auth?redirect=${encodeURIComponent('/guard/guard-1')}`);
  });

  it('brings a visitor back to /guards/:id when that is the address they used', async () => {
    mockFetch(guardApi());
    renderProfile('/guards/guard-1');

    expect(await screen.findByText('Please log in to book this guard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent('/guards/guard-1')}`);
  });

  it('says when the guard does not exist or is not available', async () => {
    mockFetch({
      ...signedInAs(),
      'GET /api/guards/guard-1': () => json({ code: 'NOT_FOUND', message: 'Guard not found' }, 404),
    });
    renderProfile();

    expect(await screen.findByRole('heading', { name: 'Guard Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/does not exist or is not available/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Guards' })).toHaveAttribute('href', '/guards');
    expect(screen.queryByText('Failed to load guard profile')).not.toBeInTheDocument();
  });

  it('treats an address that cannot name a guard as not found', async () => {
    mockFetch({
      ...signedInAs(),
      'GET /api/guards/not-a-guard': () =>
        json({ code: 'VALIDATION_ERROR', message: 'Please correct the highlighted fields', fields: { id: 'Unknown guard' } }, 400),
    });
    renderProfile('/guard/not-a-guard');

    expect(await screen.findByRole('heading', { name: 'Guard Not Found' })).toBeInTheDocument();
  });

  it('asks a visitor to log in when the server wants a sign-in to show the guard', async () => {
    mockFetch({ 'GET /api/guards/guard-1': () => json({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' }, 401) });
    renderProfile();

    expect(await screen.findByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to book this guard.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent('/guard/guard-1')}`);
  });

  it('says so in an error toast when the profile fails to load', async () => {
    mockFetch({
      ...signedInAs(),
      'GET /api/guards/guard-1': () => json({ code: 'INTERNAL_ERROR', message: 'Boom' }, 500),
    });
    renderProfile();

    const toast = await screen.findByRole('listitem');
    expect(within(toast).getByText('Failed to load guard profile')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
