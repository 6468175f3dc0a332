import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const loggerModule = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** Runs a script with the real stdout logger in a child process; resolves with its stdout as it arrives. */
function run(script: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `import { createLogger } from ${JSON.stringify(loggerModule)};\n${script}`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { output: () => out, exited, child };
}

describe('the stdout logger', () => {
  it('writes a quiet server’s line within about a second, without waiting for more lines', async () => {
    const { output, child, exited } = run(`const log = createLogger('info'); log.info({ path: '/api/me' }, 'request'); setInterval(() => {}, 1000);`);
    try {
      await expect.poll(output, { timeout: 5000, interval: 100 }).toContain('"path":"/api/me"');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });

  it('writes every pending line when the process exits, however it exits', async () => {
    const { output, exited } = run(`const log = createLogger('info'); for (let i = 0; i < 50; i++) log.info({ i }, 'line'); process.exit(3);`);
    expect(await exited).toBe(3);
    const lines = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number });
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('keeps secrets out of the line', async () => {
    const { output, exited } = run(`createLogger('info').info({ password: 'Client#2026!', headers: { cookie: 'ops.session_token=abc' } }, 'x');`);
    await exited;
    expect(output()).not.toContain('Client#2026!');
    expect(output()).not.toContain('abc');
    expect(output()).toContain('[redacted]');
  });
});
