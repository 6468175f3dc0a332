import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

describe('the account button’s accessible name', () => {
  it('starts with the initials it shows, before and after its menu is loaded', async () => {
    mockFetch(signedInAs());
    const { user } = renderWithApp(<UserMenuButton profile={makeProfile({ fullName: 'Njeri Wambui Kamau' })} />);

    const button = screen.getByRole('button', { name: 'NK, User menu' });
    expect(button).toHaveTextContent(/^NK$/);
    await user.click(button);

    await screen.findByRole('menu', {}, { timeout: 5000 });
    const trigger = screen.getByRole('button', { name: 'NK, User menu' });
    expect(trigger).toHaveTextContent(/^NK$/);
    expect(trigger).toHaveAccessibleName(expect.stringContaining(trigger.textContent ?? ''));
  });
});
