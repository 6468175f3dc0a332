// `npm run dev`: the API with reload on 127.0.0.1:3001 and Vite with hot reload on :3000, which
// forwards /api to the API.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { HOST: '127.0.0.1', PORT: '3001', APP_URL: 'http://localhost:3000', WEB_DIST_DIR: '', ...process.env },
  }),
  spawn('npx', ['vite', '--port', '3000', '--strictPort'], { cwd: `${root}/apps/web`, stdio: 'inherit' }),
];
function stop() {
  for (const child of children) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
