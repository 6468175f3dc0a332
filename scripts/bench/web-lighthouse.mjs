// Lighthouse with its default mobile settings on Debian's Chromium, through its own CLI (each run
// gets a fresh browser and profile). Scores on a busy 2-core machine move by a few points from run
// to run, so each page is run several times and the median of each figure is reported.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const lighthouseCli = join(dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli/index.js');

function runOnce(url, cookie, outputPath) {
  const args = [
    lighthouseCli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}: ${stderr.slice(-2000)}`));
      resolve(JSON.parse(readFileSync(outputPath, 'utf8')));
    });
  });
}

/**
 * Lighthouse 12 (the last for Node 20) on Debian's newer Chromium now and then loses the start of
 * the page load in its trace and gives up with NO_NAVSTART, asking to be run again. Such a run
 * measured nothing, so it is run again (at most twice more); any other failure stands.
 */
async function runRetryingTraceLoss(url, cookie, outputPath) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, cookie, outputPath);
    } catch (err) {
      if (attempt >= 3 || !/NO_NAVSTART/.test(String(err?.message))) throw err;
      console.log(`  (Lighthouse lost the trace of ${url}; running it again)`);
    }
  }
}

function figures(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failedAudits = [];
  for (const id of CATEGORIES) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
        failedAudits.push(`${id}: ${ref.id} (${audit.displayValue ?? audit.score})`);
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    fcpMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? NaN),
    failedAudits,
    runtimeError: report.runtimeError?.message ?? null,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs Lighthouse `runs` times on `url` (with the session cookie if given); medians and each run. */
export async function runLighthouse(url, cookie, runs = 3) {
  const dir = mkdtempSync(join(tmpdir(), 'ops-lighthouse-'));
  const results = [];
  try {
    for (let i = 0; i < runs; i++) results.push(figures(await runRetryingTraceLoss(url, cookie, join(dir, `run-${i}.json`))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const keys = ['performance', 'accessibility', 'best-practices', 'lcpMs', 'tbtMs', 'cls', 'fcpMs'];
  const medianFigures = Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))]));
  // Audits that failed in most runs: the reasons behind a low median.
  const counts = new Map();
  for (const r of results) for (const a of new Set(r.failedAudits.map((f) => f.replace(/ \(.*\)$/, '')))) counts.set(a, (counts.get(a) ?? 0) + 1);
  const failedAudits = [...counts].filter(([, n]) => n > runs / 2).map(([a]) => a);
  return { median: medianFigures, runs: results.map(({ failedAudits: _f, ...rest }) => rest), failedAudits };
}
