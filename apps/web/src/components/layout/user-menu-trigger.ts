/**
 * What the closed button and the opened menu's trigger share, so the menu, mounted over the button
 * on the first press, looks and is named the same (the button fetches the menu's code lazily).
 */
import type { ProfileDto } from '@ops/shared/schemas/profiles';
import { initials } from '@/lib/initials.ts';

export const USER_MENU_TRIGGER_CLASS =
  'inline-flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The button's name starts with the initials it shows, so the name contains what is seen (WCAG
 * 2.5.3): a speech user says what they see.
 */
export const userMenuLabel = (profile: Pick<ProfileDto, 'fullName'>) => `${initials(profile.fullName)}, User menu`;
