// The help articles (web/features/help/articles) keep up with the app: every built screen behind sign-in (and every Admin tab) has one, every link in
// an article opens a real screen, every screenshot an article names is taken by an end-to-end spec and is in the
// folder, and the front matter of each is complete.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, findRoute, PROTECTED_ROUTES, QUALITY_TABS } from '#common/routes.ts';
import { articleFor, linksOf, screenshotsOf } from '../../web/features/help/article-format.ts';
import { HELP_ARTICLES } from '../../web/features/help/articles.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SHOTS = join(ROOT, 'web/features/help/screenshots');

/** The protected routes that show a screen of their own: the keys of the router's SCREENS (every one, since issue 31). */
function builtRoutes(): string[] {
  const router = readFileSync(join(ROOT, 'web/app/router.tsx'), 'utf8');
  const screens = /const SCREENS[^{]*\{([\s\S]*?)\n\};/.exec(router)?.[1] ?? '';
  return [...screens.matchAll(/'(\/[^']*)':/g)].map((m) => m[1]!);
}

/** A link target is a screen of the app: a known route, and for /admin one of its tabs. */
function isRealScreen(target: string): boolean {
  const url = new URL(target, 'http://app.test');
  const route = findRoute(url.pathname);
  if (!route) return false;
  const tab = url.searchParams.get('tab');
  return (
    tab === null ||
    (route.path === '/admin' && ADMIN_TABS.some((t) => t.id === tab)) ||
    (route.path === '/quality' && QUALITY_TABS.some((t) => t === tab))
  );
}

describe('help articles', () => {
  it('reads every article file (a broken front matter throws, naming the file)', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(builtRoutes().length - 3);
    expect(new Set(HELP_ARTICLES.map((a) => a.slug)).size).toBe(HELP_ARTICLES.length);
  });

  it('has an article for every built screen behind sign-in and every Admin tab', () => {
    const built = builtRoutes();
    expect(built).toEqual(expect.arrayContaining(['/help', '/stock-check', '/scan', '/admin']));
    const protectedPaths = PROTECTED_ROUTES.map((r) => r.path);
    expect(built.filter((path) => !protectedPaths.includes(path))).toEqual([]);
    const missing = [
      ...built.map((path) => ({ path, search: '' })),
      ...ADMIN_TABS.map((tab) => ({ path: '/admin', search: `?tab=${tab.id}` })),
    ]
      .filter(({ path, search }) => articleFor(HELP_ARTICLES, path, search) === null)
      .map(({ path, search }) => `${path}${search} has no article`);
    expect(missing).toEqual([]);
  });

  it('documents only real screens, and links only to real screens', () => {
    const wrong = HELP_ARTICLES.flatMap((article) => [
      ...article.routes
        .filter((r) => !isRealScreen(r))
        .map((r) => `${article.slug}: route ${r} is no screen`),
      ...linksOf(article.body)
        .filter((target) => !(target.startsWith('/') && isRealScreen(target)))
        .map((target) => `${article.slug}: link ${target} is no screen of the app`),
    ]);
    expect(wrong).toEqual([]);
  });

  it('names only screenshots an end-to-end spec takes, and each is in the folder', () => {
    const specDir = join(ROOT, 'tests/e2e');
    const taken = new Set(
      readdirSync(specDir)
        .filter((f) => f.endsWith('.spec.ts'))
        .flatMap((f) => [
          ...readFileSync(join(specDir, f), 'utf8').matchAll(/takeHelpScreenshot\(\s*\w+,\s*'([\w-]+)'/g),
        ])
        .map((m) => m[1]!),
    );
    const inFolder = new Set(readdirSync(SHOTS).map((f) => f.replace(/\.png$/, '')));
    const named = HELP_ARTICLES.flatMap((a) => screenshotsOf(a.body).map((name) => ({ slug: a.slug, name })));
    expect(named.length).toBeGreaterThan(0);
    const problems = named.flatMap(({ slug, name }) => [
      ...(taken.has(name) ? [] : [`${slug} names screenshot ${name}, which no spec takes`]),
      ...(inFolder.has(name) ? [] : [`${slug} names screenshot ${name}, which is not in screenshots/`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('picks the tab’s article over its page’s, and the page’s for a tab without its own', () => {
    expect(articleFor(HELP_ARTICLES, '/admin', '?tab=items')?.slug).toBe('sku-setup');
    expect(articleFor(HELP_ARTICLES, '/admin', '')?.slug).toBe('users');
    expect(articleFor(HELP_ARTICLES, '/stock-check', '?session=abc')?.slug).toBe('stock-check');
    expect(articleFor(HELP_ARTICLES, '/maintenance/machines', '')?.slug).toBe('machines');
    expect(articleFor(HELP_ARTICLES, '/maintenance/planned', '?id=abc')?.slug).toBe('plans');
    expect(articleFor(HELP_ARTICLES, '/maintenance/not-a-screen', '')).toBeNull();
  });
});
