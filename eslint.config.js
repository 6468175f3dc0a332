// Type-aware lint for the whole workspace, with the import boundaries of the architecture:
// web features don't import each other; route files and the web app never reach the database.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under features/ is a feature, so a new one is fenced in the day it is created.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A booking's statuses change only through its lifecycle service: outside modules/bookings, nobody
// reaches the bookings' repositories (SQL) directly.
const bookingRepositoriesZone = {
  target: './apps/server',
  from: './apps/server/src/modules/bookings/*.repo.ts',
  message: 'Only modules/bookings uses its repositories; call the bookings services (booking-lifecycle.service.ts for status changes).',
};

// A payment's status moves only through its lifecycle service: nobody else reaches the SQL that
// writes where a payment stands (payments, the academy's course fees and the office's cash included).
const paymentLifecycleZone = {
  target: './apps/server/**/!(payment-lifecycle.service).ts',
  from: './apps/server/src/modules/payments/payment-lifecycle.repo.ts',
  message: 'Only payment-lifecycle.service.ts writes where a payment stands; call its functions.',
};

// An enrolment's statuses change only through the academy's lifecycle service: outside
// modules/academy, nobody reaches the enrolments' repository (payments reach the academy through
// the settlement handler it gives them at start-up).
const enrollmentRepositoryZone = {
  target: ['./apps/server/src/modules/!(academy)/**', './apps/server/src/!(modules)/**', './apps/server/src/*.ts', './apps/server/scripts/**'],
  from: './apps/server/src/modules/academy/enrollments.repo.ts',
  message: 'Only modules/academy uses enrollments.repo.ts; call the academy services (enrollment-lifecycle.service.ts for status changes).',
};

const lifecycleZones = [paymentLifecycleZone, enrollmentRepositoryZone];

// A module's repositories are its own: another module, lib/, jobs/, the app's wiring, seeds,
// scripts and test helpers reach its tables through its services, so every rule about a table
// sits beside the one module that writes it. (db/*.repo.ts, outside modules, is the app's own
// plumbing and open to lib/; bookings has its own zone above, with its own message.)
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'bookings')
  .map((entry) => entry.name);
const moduleRepositoryZones = serverModules.map((module) => ({
  target: [`./apps/server/src/modules/!(${module})/**`, './apps/server/src/!(modules)/**', './apps/server/src/*.ts', './apps/server/scripts/**'],
  from: `./apps/server/src/modules/${module}/*.repo.ts`,
  message: `Only modules/${module} uses its repositories; call a modules/${module} service.`,
}));

// Route files validate, authorize and call a service: no repository, of their own module or any.
const routeRepositoryZone = {
  target: './apps/server/src',
  from: './apps/server/src/**/*.repo.ts',
  message: 'Route files validate, authorize and call a service; SQL lives in repositories, reached through services.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/server/build.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // The boundaries below compare resolved files: '@/features/…' and '@ops/shared/…' must resolve
      // as TypeScript resolves them (each app's paths), or an aliased import slips past every zone.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/shared/tsconfig.json', 'tsconfig.json'],
        }),
        createNodeResolver(),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      'import-x/no-cycle': 'error',
      // Form libraries take async submit handlers in onSubmit; they handle the promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Matchers such as expect.any() are typed any by design.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature is self-contained: it may use components/ and lib/, never another feature.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Web features do not import each other; compose them in app/routes.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app shell.' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not import features or the app.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              // The journeys read a downloaded certificate PDF with the server's test helper, as its tests do.
              except: ['./src/test/certificate-pdf-reader.ts'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's configuration is parsed once, in env.ts, and handed on in AppDeps. Exempt:
    // - src/env.ts, the reader;
    // - src/test/**, the test harness: TEST_DATABASE_URL (test-env.ts, which test files import) picks
    //   the database the suites run on, and a server started as a child process needs PATH;
    // - scripts/** and vitest.*.config.ts: the bench's seeds and the test runner's configuration run
    //   on their own, before or without the app, and read their own variables (DATABASE_URL, DATA_DIR).
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/env.ts', 'apps/server/src/test/**', 'apps/server/scripts/**', 'apps/server/vitest.*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from env.ts (deps.config), the only reader of process.env.' },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/modules/bookings/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [bookingRepositoriesZone, ...lifecycleZones, ...moduleRepositoryZones] }] },
  },
  {
    files: ['apps/server/src/modules/bookings/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...lifecycleZones, ...moduleRepositoryZones] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            bookingRepositoriesZone,
            ...lifecycleZones,
            ...moduleRepositoryZones,
            routeRepositoryZone,
            {
              target: './apps/server/src/modules',
              from: './apps/server/src/db',
              message: 'Route files validate, authorize and call a service; SQL lives in repositories.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'Route files do not touch the database.' }] },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/shared', from: './apps', message: 'The shared package depends on nothing in the apps.' }] },
      ],
    },
  },
);
