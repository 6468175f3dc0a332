import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { PagePreloads } from '@ops/shared/page-preloads';
import { NOT_FOUND_PAGE, PAGE_TABLE } from './src/app/page-table.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes brotli (.br) and gzip (.gz) copies beside every text file of the build, at the highest
 * levels (done once per build, not per request); the server sends them to browsers that accept
 * them (serveStatic's `precompressed`). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ops:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const content = readFileSync(file);
        const br = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gz = gzipSync(content, { level: 9 });
        if (br.length < content.length) writeFileSync(`${file}.br`, br);
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const PAGE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/;
const QUERY_PROVIDER = /[\\/]src[\\/]app[\\/]query-provider\.tsx$/;

/**
 * Writes `page-preloads.json`: for each address pattern of the page table, the files its page
 * needs beyond the first bundle (the page's chunk, what it imports, and the query cache every
 * page loads with it), so that the server can name them in that address's HTML.
 */
function pagePreloads(): Plugin {
  return {
    name: 'ops:page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = (test: (id: string) => boolean) =>
        chunks.find((chunk) => chunk.facadeModuleId !== null && test(chunk.facadeModuleId)) ??
        chunks.find((chunk) => !chunk.isEntry && chunk.moduleIds.some(test));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || chunk.isEntry || seen.has(file)) return;
          seen.add(file);
          chunk.imports.forEach(visit);
        };
        start.forEach(visit);
        return [...seen].map((file) => `/${file}`);
      };
      const queryProvider = chunkOf((id) => QUERY_PROVIDER.test(id));
      const filesOf = (page: string) => {
        const chunk = chunkOf((id) => PAGE_MODULE.exec(id)?.[1] === page);
        if (!chunk) throw new Error(`No chunk holds the page module routes/${page}.tsx`);
        return closure([chunk.fileName, ...(queryProvider ? [queryProvider.fileName] : [])]);
      };
      const preloads: PagePreloads = {
        pages: PAGE_TABLE.map((entry) => ({
          pattern: entry.pattern,
          files: filesOf(entry.page),
          ...('firstRead' in entry ? { firstRead: entry.firstRead } : {}),
        })),
        notFound: filesOf(NOT_FOUND_PAGE),
      };
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/*
 * Pages are split from the first bundle, but left to itself the bundler also cuts what pages share
 * into one small file per combination of pages that use it: /guards came to 38 files. On a phone's
 * HTTP/1.1 connection (six at a time) each wave of requests costs a round trip, so the modules most
 * pages share are put in a few files instead (/guards: 17 files, 117 KiB). What '/' loads is kept
 * out of the groups (else '/' would fetch them whole), as is anything that imports something heavy
 * (a dialog, a form library) that the list pages do not need. Radix's small shared parts stay
 * where the bundler puts them: grouped, they made two chunks import each other and one ran before
 * the other had defined what it used ("L is not a function"); the browser journeys catch that.
 */
const SHARED_GROUPS: { name: string; test: RegExp }[] = [
  {
    name: 'query',
    test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]app[\\/]query-provider\.tsx$|src[\\/]lib[\\/]query-client\.ts$/,
  },
  {
    name: 'kit',
    test: /node_modules[\\/](tailwind-merge|clsx|class-variance-authority|lucide-react)[\\/]|src[\\/]components[\\/](back-link|empty-state|sign-in-required|ui[\\/](button|button-variants|card|badge|label|spinner|page-spinner|native-select))\.tsx?$|src[\\/]lib[\\/](utils|initials|notify|use-error-toast|api-client)\.ts$|packages[\\/]shared[\\/]src[\\/](money|constants)\.ts$/,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), pagePreloads(), precompress()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What '/' loads stays together (and out of the groups below, which would pull them into '/').
            { name: 'app', tags: ['$initial'], priority: SHARED_GROUPS.length + 1 },
            ...SHARED_GROUPS.map(({ name, test }, i) => ({ name, test, priority: SHARED_GROUPS.length - i })),
          ],
        },
      },
    },
  },
});
