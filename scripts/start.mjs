// `npm start`: builds the app when the build is missing or older than its sources, then runs the
// bundled server, which serves the web app and the API on one port (default 3000).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'apps/server/dist/.built');
const sources = [
  'packages/shared/src',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'package-lock.json',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(stamp) || !existsSync(join(root, 'apps/web/dist/index.html'))) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((source) => newestChange(join(root, source)) > built);
}

if (buildIsStale()) {
  console.log('Building the app (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

// The server runs in this process rather than in a second Node process: one Node start fewer on
// every `npm start`. It handles SIGINT and SIGTERM itself and exits when it stops; its index.js
// switches source maps on before loading the bundle, so stack traces name the sources.
process.env.NODE_ENV ??= 'production';
process.chdir(root);
await import(pathToFileURL(join(root, 'apps/server/dist/index.js')).href);
