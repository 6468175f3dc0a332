// Bundles the server into one ES module (dist/index.js) so production start-up does not compile
// TypeScript. npm packages stay external (PGlite loads its WebAssembly beside its own files);
// the workspace's shared package is bundled in. Migrations are copied beside the bundle, where
// db/client.ts looks for them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
const outdir = join(root, 'dist');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(outdir, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS helpers may call require(); give the ES module one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
cpSync(join(root, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
console.log(`server bundled to ${outdir}`);
