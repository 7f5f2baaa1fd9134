// The web app's folders import one way (docs/architecture.md, decision 040 "Feature boundaries"): web/app composes
// features; a feature imports web/lib, web/components and common/, never another feature's folder nor web/app; and
// web/lib and web/components import no feature. A helper two features need moves to web/lib or web/components;
// a screen that shows two features' parts is a page in web/app/pages. Import cycles are Biome's noImportCycles.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'web');

interface TImport {
  /** The importing file, from the repository root. */
  file: string;
  /** The specifier as written. */
  specifier: string;
  /** What it resolves to, from the repository root (only relative and #web/ imports resolve). */
  target: string;
}

// Static imports and re-exports (`… from '…'`), side-effect imports (`import '…'`) and lazy ones (`import('…')`).
const IMPORT = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The imports of one file that point into web/ (packages and common/ cannot cross a web folder line). */
function importsOf(file: string, source: string): TImport[] {
  const found: TImport[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    const absolute = specifier.startsWith('.')
      ? resolve(dirname(join(ROOT, file)), specifier)
      : specifier.startsWith('#web/')
        ? join(WEB, specifier.slice('#web/'.length))
        : null;
    if (absolute) found.push({ file, specifier, target: relative(ROOT, absolute) });
  }
  return found;
}

/** web/<top>/… and, under web/features, the feature's folder. */
function placeOf(path: string): { top: string | undefined; feature: string | undefined } {
  const [web, top, feature] = path.split('/');
  if (web !== 'web') return { top: undefined, feature: undefined };
  return { top, feature: top === 'features' ? feature : undefined };
}

/** A feature importing another feature's folder, or web/app. */
function featureBreaches(imports: TImport[]): string[] {
  return imports.flatMap(({ file, specifier, target }) => {
    const from = placeOf(file);
    const to = placeOf(target);
    if (from.top !== 'features') return [];
    if (to.top === 'features' && to.feature !== from.feature)
      return [`${file} imports '${specifier}' from the ${to.feature} feature`];
    if (to.top === 'app') return [`${file} imports '${specifier}' from web/app`];
    return [];
  });
}

/** web/lib or web/components importing a feature or web/app. */
function sharedBreaches(imports: TImport[]): string[] {
  return imports.flatMap(({ file, specifier, target }) => {
    const from = placeOf(file);
    const to = placeOf(target);
    if (from.top !== 'lib' && from.top !== 'components') return [];
    if (to.top === 'features' || to.top === 'app')
      return [`${file} imports '${specifier}' (${target}): web/${from.top} is shared and imports no feature`];
    return [];
  });
}

const webImports = sourceFiles(WEB).flatMap((path) =>
  importsOf(relative(ROOT, path), readFileSync(path, 'utf8')),
);

describe('web folder boundaries', () => {
  it('reads the imports it checks (the router lazily imports feature pages; a lib file imports another)', () => {
    const targets = webImports.map((i) => `${i.file} → ${i.target}`);
    expect(targets).toContain('web/app/router.tsx → web/features/stock-check/stock-check-page.tsx');
    expect(targets).toContain('web/lib/session.ts → web/lib/api-client.ts');
  });

  it('no feature imports another feature’s folder or web/app', () => {
    expect(featureBreaches(webImports)).toEqual([]);
  });

  it('web/lib and web/components import no feature and not web/app', () => {
    expect(sharedBreaches(webImports)).toEqual([]);
  });

  it('names the file and the import that break a rule', () => {
    const file = 'web/features/scan/result-card.tsx';
    const source = [
      "import { IssueDialog } from '../stock/issue-dialog.tsx';",
      "import { resolveCode } from './api.ts';",
      "const Lazy = lazy(() => import('../borrowing/borrow-dialog.tsx'));",
      "import { lastRouteOrHelp } from '#web/app/guards/require-access.tsx';",
    ].join('\n');
    expect(featureBreaches(importsOf(file, source))).toEqual([
      `${file} imports '../stock/issue-dialog.tsx' from the stock feature`,
      `${file} imports '../borrowing/borrow-dialog.tsx' from the borrowing feature`,
      `${file} imports '#web/app/guards/require-access.tsx' from web/app`,
    ]);
    const shared = 'web/components/location-select.tsx';
    expect(
      sharedBreaches(
        importsOf(shared, "import { listLocations } from '../features/inventory-setup/api.ts';"),
      ),
    ).toEqual([
      `${shared} imports '../features/inventory-setup/api.ts' (web/features/inventory-setup/api.ts): web/components is shared and imports no feature`,
    ]);
  });
});
