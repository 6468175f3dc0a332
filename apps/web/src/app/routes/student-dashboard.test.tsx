import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { StudentDashboardPage } from './student-dashboard.tsx';

describe('/student-dashboard', () => {
  it('sends a visitor to sign in, to come back here', async () => {
    mockFetch();
    renderWithApp(<StudentDashboardPage />, { route: '/student-dashboard', pages: { '/auth': <h1>Sign in page</h1> } });
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(`/auth?redirect=${encodeURIComponent('/student-dashboard')}`);
  });

  it('greets any signed-in person, whatever their role', async () => {
    mockFetch({
      ...signedInAs({ role: 'guard', fullName: 'Otieno Kamau' }),
      'GET /api/student/overview': () =>
        json({
          student: { fullName: 'Otieno Kamau' },
          stats: { activeCourses: 0, upcomingSessions: 0, assessments: 0 },
          enrollments: [],
          schedule: [],
          materials: [],
          announcements: [],
          assessments: [],
        }),
    });
    renderWithApp(<StudentDashboardPage />, { route: '/student-dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Otieno Kamau' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Browse Courses' })).toBeInTheDocument();
  });
});
