// Writes the public pages prerendered (issue 17): after `vite build` (the app, into
// backend/internal/web/dist) and `vite build --ssr src/prerender/render.tsx` (into .prerender),
// each page of PUBLIC_PAGES is rendered to HTML and put inside #root of the built index.html, with
// its route's chunks preloaded, as the file the Go server answers that path with. Each signed-in
// screen of SIGNED_IN_PAGES gets the built index.html with everything it loads before it draws
// preloaded (its chunks and their stylesheets), and nothing rendered.
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
for (const [path, { file, modules }] of Object.entries(SIGNED_IN_PAGES)) {
  const chunks = new Set(modules.flatMap((src) => [...chunksOf(src)]));
  // Stylesheets as the app would add them (a dynamic import adds a chunk's css as a stylesheet
  // link, and skips one already in the page): nothing is drawn before they are needed anyway.
  const styles = stylesOf(chunks)
    .filter((f) => !entryStyles.has(f))
    .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
  const preload = [...chunks].filter((f) => !alreadyLoaded.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
  writeFileSync(`${dist}/${file}`, template.replace('</head>', `${[...styles, ...preload].join('')}</head>`));
  console.log(`prerender: ${path} -> ${file} (${chunks.size} chunks, ${styles.length} stylesheets preloaded)`);
}
// The rendered app leaves timers behind (the query cache's collection, the session's tick);
// the pages are written, so the build goes on.
process.exit(0);
