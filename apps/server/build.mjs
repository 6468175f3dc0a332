// Bundles the server into one ES module (dist/server.js) so production start-up neither compiles
// TypeScript nor resolves, reads and compiles the ~1,100 files of the npm packages one by one
// (that alone was about 0.8 s of every start; see docs/decisions/003-bundled-server.md).
// dist/index.js, the file to run, switches source maps on and then loads the bundle.
// Everything is bundled except the packages that load files from their own folder at run time:
// PGlite (its WebAssembly, data bundle and extension archives), pino (transports start worker
// files beside it) and pg's optional native binding. Migrations are copied beside the bundle,
// where db/client.ts looks for them.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const keepExternal = ['@electric-sql/pglite', 'pino', 'pg-native'];
const missing = keepExternal.filter((name) => name !== 'pg-native' && !(name in (pkg.dependencies ?? {})));
if (missing.length > 0) throw new Error(`build.mjs keeps ${missing.join(', ')} external but package.json no longer lists it`);
const external = keepExternal.flatMap((name) => [name, `${name}/*`]);
const outdir = join(root, 'dist');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(outdir, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Whitespace and syntax are minified (a third less to parse at every start); names are kept, and
  // stack traces map to the TypeScript sources (index.js turns source maps on). The map leaves the
  // sources' text out: Node reads the whole map at start, and the text would triple it.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  sourcesContent: false,
  // The bundled packages' licence notices go to dist/server.js.LEGAL.txt.
  legalComments: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS helpers may call require(); give the ES module one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
// Source maps must be on before the bundle loads (Node reads a module's map as it loads it), so
// however the server is started (npm start, `node dist/index.js`), its stack traces name the sources.
writeFileSync(
  join(outdir, 'index.js'),
  "// Runs the bundled server (server.js) with source maps on. Written by apps/server/build.mjs.\nprocess.setSourceMapsEnabled(true);\nawait import('./server.js');\n",
);
cpSync(join(root, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
console.log(`server bundled to ${outdir}`);
