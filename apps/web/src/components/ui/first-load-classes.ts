import { buttonVariants } from './button-variants.ts';

/*
 * Classes of the buttons and links on a visitor's first page, resolved ahead of time: each is what
 * cn(...merge) gives (tailwind-merge drops the classes that the later ones override), written out
 * so that page does not download tailwind-merge. first-load-classes.test.ts keeps them equal.
 */
function resolved(merge: (string | undefined)[], className: string) {
  return { merge, className };
}

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-white/85 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

export const FIRST_LOAD_CLASSES = {
  navLink: resolved([navLink], navLink),
  navLinkActive: resolved(
    [navLink, 'bg-white/10 text-white'],
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white bg-white/10 text-white',
  ),
  headerSignIn: resolved(
    [buttonVariants({ variant: 'ghost' }), 'text-white hover:bg-white/10 focus-visible:outline-white'],
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 h-10 px-4 py-2 text-white hover:bg-white/10 focus-visible:outline-white',
  ),
  headerSignUp: resolved(
    [buttonVariants({ variant: 'accent' }), 'focus-visible:outline-white'],
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 bg-accent text-accent-foreground hover:bg-accent-hover h-10 px-4 py-2 focus-visible:outline-white',
  ),
  menuButton: resolved(
    [buttonVariants({ variant: 'ghost', size: 'icon' }), 'text-primary-foreground hover:bg-white/10 focus-visible:outline-white'],
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 size-10 text-primary-foreground hover:bg-white/10 focus-visible:outline-white',
  ),
  accentLarge: resolved(
    [buttonVariants({ variant: 'accent', size: 'lg' })],
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 bg-accent text-accent-foreground hover:bg-accent-hover h-11 px-6 text-base',
  ),
  outlineLargeOnDark: resolved(
    [buttonVariants({ variant: 'outline', size: 'lg' }), 'border-white/60 bg-transparent text-white hover:bg-white/10'],
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 border h-11 px-6 text-base border-white/60 bg-transparent text-white hover:bg-white/10',
  ),
  primaryLarge: resolved(
    [buttonVariants({ size: 'lg' })],
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 bg-primary text-primary-foreground hover:bg-primary-hover h-11 px-6 text-base',
  ),
};
