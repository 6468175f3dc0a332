/** Every table of the product, for Drizzle and drizzle-kit. */
export * from './auth.ts';
export * from './auth-throttles.ts';
export * from './consents.ts';
export * from './profiles.ts';
export * from './files.ts';
export * from './guards.ts';
export * from './bookings.ts';
export * from './booking-guards.ts';
export * from './payments.ts';
export * from './reviews.ts';
export * from './notifications.ts';
export * from './academy.ts';
export * from './settings.ts';
export * from './sandbox-payments.ts';
export * from './jobs.ts';
export * from './audit.ts';
export * from './server-secrets.ts';
