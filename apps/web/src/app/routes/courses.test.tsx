import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCourseCard } from '@/features/academy/test/course-fixtures.ts';
import { json, mockFetch, pending } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CoursesPage } from './courses.tsx';

const CATALOGUE = [
  makeCourseCard(),
  makeCourseCard({
    id: 'basic-security',
    title: 'Basic Security Guard Training',
    tagline: 'Start your career in security.',
    level: 'Beginner',
    durationWeeks: 4,
    price: 45_000,
  }),
  makeCourseCard({
    id: 'executive-protection',
    title: 'Executive Protection Specialist',
    tagline: 'Protect high-profile clients.',
    level: 'Advanced',
    durationWeeks: 8,
    price: 250_000,
  }),
  makeCourseCard({
    id: 'event-security',
    title: 'Event Security Management',
    tagline: 'Keep crowds safe.',
    level: 'Intermediate',
    durationWeeks: 3,
    price: 60_000,
  }),
];

describe('the course list', () => {
  it('shows a visitor the four course cards with level, duration, fee in KES and a link to each course', async () => {
    mockFetch({ 'GET /api/courses': () => json(CATALOGUE) });
    renderWithApp(<CoursesPage />, { route: '/courses' });

    expect(screen.getByRole('heading', { level: 1, name: 'Training Academy' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Certified Protection Officer',
      'Basic Security Guard Training',
      'Executive Protection Specialist',
      'Event Security Management',
    ]);

    const basic = within(cards[1]!);
    expect(basic.getByText('Start your career in security.')).toBeInTheDocument();
    expect(basic.getByText('Beginner')).toBeInTheDocument();
    expect(basic.getByText('4 weeks')).toBeInTheDocument();
    expect(basic.getByText('KES 45,000')).toBeInTheDocument();
    expect(basic.getByRole('link', { name: 'View Course' })).toHaveAttribute('href', '/courses/basic-security');
    expect(within(cards[0]!).getByText('KES 150,000')).toBeInTheDocument();
    expect(document.title).toMatch(/^Training Courses \| /);
  });

  it('keeps the cards’ room while the list loads', async () => {
    mockFetch({ 'GET /api/courses': () => pending() });
    renderWithApp(<CoursesPage />, { route: '/courses' });

    const loading = await screen.findByRole('status', { name: 'Loading courses' });
    expect(loading.children).toHaveLength(4);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/courses': () => json({ code: 'INTERNAL', message: 'Something went wrong' }, 500) });
    renderWithApp(<CoursesPage />, { route: '/courses' });

    expect(await screen.findByRole('heading', { name: 'Courses could not be loaded' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
