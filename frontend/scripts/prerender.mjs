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
const { render, renderDashboard, renderEmptyDashboard, formatLongDate, todayIsoDate, PAINT_TOKENS, PUBLIC_PAGES, PAGE_MODULES, SIGNED_IN_PAGES } = await import(pathToFileURL(here('../.prerender/render.js')).href);

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
// The dashboard as the server paints it on a visit the service worker does not answer (issue 17:
// cold, a phone waits seconds for the app's scripts): the page rendered for a lawyer with one
// sitting whose fields are tokens (src/prerender/render.tsx), and that sitting's card apart, its
// optional parts, and the three ways of drawing its last outcome, between comments. backend/internal/web (paint.go) fills them in; the files start
// with a dot so that they are not served as they are.
{
  const day = todayIsoDate();
  const full = await renderDashboard(day);
  /**
   * Where `other`, another render, differs from full: the run of full (start to end) that other
   * draws as `instead`. Each is whole elements (or nothing, for `instead`).
   */
  const differs = (other, what) => {
    let start = 0;
    while (start < other.length && full[start] === other[start]) start++;
    let end = 0;
    while (end < Math.min(full.length, other.length) - start && full[full.length - 1 - end] === other[other.length - 1 - end]) end++;
    const run = { start, end: full.length - end, otherEnd: other.length - end };
    // The shortest run that differs can start inside a tag when the next element begins as the
    // left-out one does: it moves back, over the same text, to the element's own first character.
    const html = () => full.slice(run.start, run.end);
    const instead = () => other.slice(run.start, run.otherEnd);
    const whole = (h) => h === '' || /^<[a-z][^]*>$/.test(h);
    while (!(whole(html()) && whole(instead())) && run.start > 0 && full[run.start - 1] === full[run.end - 1] && other[run.start - 1] === other[run.otherEnd - 1]) {
      run.start--;
      run.end--;
      run.otherEnd--;
    }
    const tags = (h, re) => (h.match(re) ?? []).length;
    const balanced = (h) => whole(h) && tags(h, /<[a-z]/g) === tags(h, /<\//g) + tags(h, /<(?:input|img|br|path)\b[^>]*\/?>/g) - tags(h, /<\/path>/g);
    // An element drawn otherwise (another style, other text): from its start tag to its end.
    if (!(balanced(html()) && balanced(instead()))) {
      while (run.start > 0 && !(full[run.start] === '<' && full[run.start + 1] !== '/')) run.start--;
      while (!(balanced(html()) && balanced(instead())) && run.end < full.length) {
        run.end++;
        run.otherEnd++;
      }
    }
    for (const h of [html(), instead()]) {
      if (!balanced(h)) throw new Error(`prerender: the dashboard ${what} does not differ by whole elements: ${h}`);
    }
    if (run.end <= run.start) throw new Error(`prerender: the dashboard ${what} draws nothing else`);
    return { start: run.start, end: run.end, instead: instead() };
  };
  // Each optional part between its markers; the last outcome as one of three, each between its own.
  const runs = [];
  for (const part of ['activity', 'court', 'parties', 'attending']) {
    const run = differs(await renderDashboard(day, [part]), `without ${part}`);
    if (run.instead !== '') throw new Error(`prerender: the dashboard without ${part} draws something else`);
    runs.push({ ...run, html: `<!--kesi:${part}-->${full.slice(run.start, run.end)}<!--/kesi:${part}-->` });
  }
  const none = differs(await renderDashboard(day, [], 'nooutcome'), 'with no outcome');
  const loading = differs(await renderDashboard(day, [], 'outcomeloading'), 'with the outcome loading');
  if (none.start !== loading.start || none.end !== loading.end) throw new Error('prerender: the last outcome is drawn in two places');
  runs.push({
    ...none,
    html: [['outcome', full.slice(none.start, none.end)], ['nooutcome', none.instead], ['outcomeloading', loading.instead]]
      .map(([part, h]) => `<!--kesi:${part}-->${h}<!--/kesi:${part}-->`)
      .join(''),
  });
  let page = full;
  for (const run of runs.sort((a, b) => b.start - a.start)) page = `${page.slice(0, run.start)}${run.html}${page.slice(run.end)}`;
  /** Fails unless what occurs exactly `times` times in text. */
  const expectCount = (text, what, times) => {
    const found = text.split(what).length - 1;
    if (found !== times) throw new Error(`prerender: the painted dashboard has ${found} of ${what}, not ${times}`);
  };
  /** Replaces what must occur exactly `times` times. */
  const exactly = (text, what, by, times) => {
    expectCount(text, what, times);
    return text.replaceAll(what, by);
  };
  const T = PAINT_TOKENS;
  // The server verified the session as it painted: the app's note that it is verifying it comes
  // with the app.
  const unverified = (html) => exactly(html, /<div[^>]*role="status"[^>]*><div[^>]*><span[^>]*><\/span><p[^>]*>Verifying your session\.\.\.<\/p><\/div><\/div>/.exec(html)?.[0] ?? 'no verifying note', '', 1);
  /** Who is signed in and today's date, as tokens the server fills. */
  const advocates = (html) => {
    html = exactly(html, `>${formatLongDate(day)}<`, '>@@DATE@@<', 1);
    html = exactly(html, `title="${T.name}">@<`, `title="${T.name}">@@INITIALS@@<`, 1);
    return exactly(html, '>Lawyer<', '>@@ROLE@@<', 3);
  };
  page = unverified(page);
  const card = /<article[^>]*data-testid="sitting-card".*?<\/article>/s.exec(page)?.[0];
  if (!card) throw new Error('prerender: the painted dashboard has no sitting card');
  page = exactly(page, card, '@@CARDS@@', 1);
  page = exactly(advocates(page), 'data-testid="stat-today">1<', 'data-testid="stat-today">@@COUNT@@<', 1);
  const cardTemplate = exactly(card, `/cases/${encodeURIComponent(T.caseId)}`, '@@HREF@@', 1);
  for (const token of Object.values(T)) {
    if (token !== T.id && !cardTemplate.includes(token) && !page.includes(token)) throw new Error(`prerender: ${token} is drawn nowhere`);
  }
  const shell = readFileSync(`${dist}/dashboard.html`, 'utf8');
  if (!shell.includes(ROOT)) throw new Error(`prerender: ${dist}/dashboard.html has no ${ROOT}`);
  /** The signed-in screen's page holding html as painted, and the answers it was painted from. */
  // A function, so that no "$&" in the page is read as a pattern.
  const painted = (html) =>
    exactly(shell, '<meta name="kesi-modules" ', '<meta name="kesi-modules" data-painted ', 1).replace(
      ROOT,
      () => `<div id="root" data-painted="/dashboard">${html}</div>\n    <script type="application/json" id="kesi-painted">@@DATA@@</script>`,
    );
  writeFileSync(`${dist}/.dashboard-paint.html`, painted(page));
  writeFileSync(`${dist}/.dashboard-card.html`, cardTemplate);
  // A day without matters: the app's page of it, with no card to fill.
  const empty = advocates(unverified(await renderEmptyDashboard(day)));
  expectCount(empty, 'data-testid="stat-today">0<', 1);
  expectCount(empty, 'data-testid="sitting-card"', 0);
  writeFileSync(`${dist}/.dashboard-empty.html`, painted(empty));
  console.log(`prerender: /dashboard painted by the server -> .dashboard-paint.html, .dashboard-card.html, .dashboard-empty.html (${(page.length / 1024).toFixed(1)} KB of HTML)`);
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
