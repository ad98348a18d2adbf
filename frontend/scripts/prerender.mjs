// Writes the public pages prerendered (issue 17): after `vite build` (the app, into
// backend/internal/web/dist) and `vite build --ssr src/prerender/render.tsx` (into .prerender),
// each page of PUBLIC_PAGES is rendered to HTML and put inside #root of the built index.html, with
// its route's chunks preloaded, as the file the Go server answers that path with. Each signed-in
// screen of SIGNED_IN_PAGES gets the built index.html with its stylesheets and the list of
// everything it loads before it draws (fetched by index.html's scripts), and nothing rendered.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
process.env.NODE_ENV ??= 'production'; // React's production server render
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dist = here('../../backend/internal/web/dist');
const { render, PUBLIC_PAGES, PAGE_MODULES, SIGNED_IN_PAGES } = await import(pathToFileURL(here('../.prerender/render.js')).href);

const template = readFileSync(`${dist}/index.html`, 'utf8');
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error(`prerender: ${dist}/index.html has no ${ROOT}`);

/** The built files a source module needs at once: its chunk and the chunks it imports statically. */
function chunksOf(src, seen = new Set()) {
  const chunk = manifest[src];
  if (!chunk) throw new Error(`prerender: ${src} is not in the build's manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) if (!manifest[dep]?.isEntry) chunksOf(dep, seen);
  return seen;
}

/** The stylesheets of those chunks. */
function stylesOf(files) {
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
  return [...new Set([...files].flatMap((f) => byFile.get(f)?.css ?? []))];
}
const entry = Object.values(manifest).find((c) => c.isEntry);
const alreadyLoaded = new Set([entry.file, ...(entry.imports ?? []).map((d) => manifest[d].file)]);

for (const [path, file] of Object.entries(PUBLIC_PAGES)) {
  const html = await render(path);
  const preload = [...new Set((PAGE_MODULES[path] ?? []).flatMap((src) => [...chunksOf(src)]))]
    .filter((f) => !alreadyLoaded.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    .join('');
  const page = template
    .replace('</head>', `${preload}</head>`)
    .replace(ROOT, `<div id="root" data-prerendered="${path}">${html}</div>`);
  writeFileSync(`${dist}/${file}`, page);
  console.log(`prerender: ${path} -> ${file} (${(html.length / 1024).toFixed(1)} KB of HTML)`);
}
const entryStyles = new Set(entry.css ?? []);
/** The entry's script and the modules Vite preloads for it, as the built index.html has them. */
const MODULES_IN_HEAD = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
for (const [path, { file, modules }] of Object.entries(SIGNED_IN_PAGES)) {
  const chunks = new Set(modules.flatMap((src) => [...chunksOf(src)]));
  // Stylesheets as the app would add them (a dynamic import adds a chunk's css as a stylesheet
  // link, and skips one already in the page): nothing is drawn before they are needed anyway.
  const styles = stylesOf(chunks)
    .filter((f) => !entryStyles.has(f))
    .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
  // The stylesheets in the head (nothing is drawn without them), and the entry and every module
  // the screen loads before it draws listed in a meta tag ahead of index.html's scripts: the head's
  // fetches them from the first byte unless it finds the dashboard kept on the phone
  // (src/app/offline/snapshot.ts), and the body's runs them, after painting that if there is one.
  // A module preloaded or loaded by a tag is compiled as it arrives, and from the service worker
  // they all arrive at once, before that painting.
  const entryModules = (template.match(MODULES_IN_HEAD) ?? []).map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)[1]);
  const scripts = [...entryModules, ...[...chunks].filter((f) => !alreadyLoaded.has(f)).map((f) => `/${f}`)];
  const page = template.replace(MODULES_IN_HEAD, '');
  if (!page.includes('<head>')) throw new Error(`prerender: ${dist}/index.html has no <head>`);
  writeFileSync(
    `${dist}/${file}`,
    page.replace('<head>', `<head>\n    <meta name="kesi-modules" content="${scripts.join(' ')}">`).replace('</head>', `${styles.join('')}</head>`),
  );
  console.log(`prerender: ${path} -> ${file} (${chunks.size} chunks, ${styles.length} stylesheets preloaded)`);
}
// The service worker precaches some of these pages (vite.config.ts: additionalManifestEntries),
// written before them: each gets its revision now, so that a new build's page replaces the old.
const swPath = `${dist}/sw.js`;
let sw = readFileSync(swPath, 'utf8');
for (const { file } of Object.values(SIGNED_IN_PAGES)) {
  const entry = `{url:"${file}",revision:"kesi-prerendered-page"}`;
  if (!sw.includes(entry)) continue;
  const revision = createHash('sha256').update(readFileSync(`${dist}/${file}`)).digest('hex').slice(0, 32);
  sw = sw.replace(entry, `{url:"${file}",revision:"${revision}"}`);
  console.log(`prerender: ${file} precached by the service worker, revision ${revision}`);
}
if (sw.includes('kesi-prerendered-page')) throw new Error('prerender: sw.js precaches a page this script did not write');
writeFileSync(swPath, sw);
// The rendered app leaves timers behind (the query cache's collection, the session's tick);
// the pages are written, so the build goes on.
process.exit(0);
