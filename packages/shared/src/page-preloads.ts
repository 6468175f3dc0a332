/**
 * What the web app's build writes in `page-preloads.json` (plugin `ops:page-preloads` in
 * apps/web/vite.config.ts) and the server reads to name a page's files and first read in its HTML
 * (apps/server/src/lib/web-app.ts): per address pattern of the page table, the page's script files
 * beyond the first bundle; the 404 page's for any other address.
 */
export interface PagePreloads {
  pages: { pattern: string; files: string[]; firstRead?: string }[];
  notFound: string[];
}
