// A throwaway PostgreSQL server from the machine's PostgreSQL binaries (as .ci/run starts one):
// a temp directory and a free port on 127.0.0.1, removed when stopped.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql (set PG_BIN)');
  return `/usr/lib/postgresql/${newest}/bin`;
}

export async function startPostgres() {
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), 'ops-bench-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as a system user made for the purpose.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const full = asRoot ? ['runuser', ['-u', 'ops-ci', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    execFileSync(full[0], full[1], { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  if (asRoot) {
    if (spawnSync('id', ['ops-ci']).status !== 0) execFileSync('useradd', ['--system', '--no-create-home', 'ops-ci']);
    const uid = Number(execFileSync('id', ['-u', 'ops-ci']).toString());
    chownSync(dir, uid, -1);
  }
  run('initdb', ['-D', join(dir, 'data'), '-U', 'ops', '--auth=trust']);
  const settings = [
    // Durability settings stay at PostgreSQL's defaults (fsync, synchronous commit): writes are
    // measured as a real server makes them.
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c shared_buffers=256MB',
    '-c max_connections=200',
  ].join(' ');
  run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', settings, 'start']);
  const url = (database = 'postgres') => `postgres://ops@127.0.0.1:${port}/${database}`;
  return {
    url,
    port,
    async createDatabase(name) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      return url(name);
    },
    stop() {
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
