import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's styles come one stylesheet per component (main.tsx for the public pages,
 * ConnectLayout for the signed-in screens), not as the whole styles.css, which made a phone
 * download and match the rules of some forty components no screen draws (issue 17). These checks
 * keep the two lists to what the app draws: every component it imports from @mantine/core, the
 * components they are built from, and those @mantine/dates and @mantine/notifications build on.
 */

const src = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

/** Where an installed package is (its exports hide package.json from require.resolve). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json')) || (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name) {
    dir = dirname(dir);
  }
  return dir;
}

const core = packageDir('@mantine/core');
const components = join(core, 'esm/components');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The names a module imports or passes on from a package: `import { A, type B, C as D } from 'pkg'`, `export { E } from 'pkg'`. */
function namesImported(code: string, pkg: string): string[] {
  const from = new RegExp(`(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*['"]${pkg}['"]`, 'g');
  return [...code.matchAll(from)].flatMap((m) =>
    (m[1] ?? '').split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? ''),
  );
}

/** The components of @mantine/core the app's own code uses, and those the Mantine packages it uses build on. */
function componentsUsed(): Set<string> {
  const app = filesUnder(src).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const packages = ['@mantine/dates', '@mantine/notifications'].flatMap((p) => filesUnder(join(packageDir(p), 'esm')).filter((f) => f.endsWith('.mjs')));
  const names = [...app, ...packages].flatMap((f) => namesImported(readFileSync(f, 'utf8'), '@mantine/core'));
  return new Set(names.filter((n) => existsSync(join(components, n))));
}

/** The CSS modules reached from those components' entry files: the stylesheets they need. */
function stylesNeeded(used: Set<string>): Set<string> {
  const seen = new Set<string>();
  const modules = new Set<string>();
  const stack = [...used].flatMap((name) => filesUnder(join(components, name)).filter((f) => f.endsWith(`/${name}.mjs`)));
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const css = /([^/]+)\.module\.mjs$/.exec(file);
    if (css?.[1]) modules.add(css[1]);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*["'](\.[^"']+)["']/g)) stack.push(join(dirname(file), m[1] ?? ''));
  }
  return modules;
}

/** The Mantine stylesheets a module of the app imports. */
function stylesImported(file: string): string[] {
  const code = readFileSync(join(src, file), 'utf8');
  return [...code.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((m) => m[1] ?? '');
}

describe("Mantine's stylesheets", () => {
  const used = componentsUsed();
  const needed = stylesNeeded(used);
  const loaded = [...stylesImported('main.tsx'), ...stylesImported('app/ConnectLayout.tsx')];

  it('finds the components the app draws', () => {
    // A sanity check of the search itself: an empty set would make the next two pass.
    for (const name of ['AppShell', 'Button', 'Modal', 'Select', 'Tabs']) expect(used).toContain(name);
    for (const name of ['ModalBase', 'Combobox', 'Popover', 'Input']) expect(needed).toContain(name);
  });

  it('loads the stylesheet of every component the app draws', () => {
    const missing = [...needed].filter((name) => !loaded.includes(name) && existsSync(join(core, `styles/${name}.css`)));
    expect(missing, 'import them in app/ConnectLayout.tsx (or main.tsx when a public page draws them)').toEqual([]);
  });

  it('loads no stylesheet of a component no screen draws', () => {
    const baseline = ['baseline', 'default-css-variables', 'global'];
    expect(loaded.filter((name) => !needed.has(name) && !baseline.includes(name))).toEqual([]);
  });

  it('loads each stylesheet once', () => {
    expect(loaded.filter((name, i) => loaded.indexOf(name) !== i)).toEqual([]);
  });
});
