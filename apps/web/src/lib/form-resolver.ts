import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/*
 * zod compiles a fast parser with `new Function` when it may, and to know whether it may it tries
 * one. Our Content-Security-Policy allows no eval (`script-src 'self'`), so that try was refused
 * and reported as a policy violation on every page with a form (Lighthouse best practices:
 * "inspector-issues"). In the browser zod runs without compiling; forms are small, the difference
 * is not measurable there. The server keeps zod's default.
 */
z.config({ jitless: true });

/** react-hook-form's resolver for a zod schema. Forms import it from here, so the setting above applies. */
export const formResolver = zodResolver;
