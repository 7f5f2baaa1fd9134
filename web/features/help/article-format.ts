// The help article format (docs/decisions/043): a Markdown file with a small front matter of `key: value` lines
// between two `---` lines. Pure functions, shared by the web app, its unit tests and the screenshot check.
import type { TSectionId } from '#common/nav.ts';
import { SECTION_IDS } from '#common/nav.ts';
import { ROLES, type TRole } from '#common/roles.ts';

export interface THelpArticle {
  /** The file's name without .md: the article's address on /help (?article=<slug>). */
  slug: string;
  title: string;
  /** The screens it documents: a path, or a path with its tab (`/admin?tab=items`); the first is its home. */
  routes: string[];
  section: TSectionId;
  /** The least roles it is written for (`user` means everyone signed in). */
  roles: TRole[];
  summary: string;
  /** The Markdown after the front matter. */
  body: string;
}

const list = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Reads one article; throws naming the file and the field when the front matter is wrong. */
export function parseArticle(file: string, raw: string): THelpArticle {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`${file}: no front matter (--- lines) at the top`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`${file}: front matter line "${line}" is not "key: value"`);
    fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const need = (key: string) => {
    const value = fields.get(key);
    if (!value) throw new Error(`${file}: front matter needs "${key}"`);
    return value;
  };
  const section = need('section');
  if (!(SECTION_IDS as readonly string[]).includes(section))
    throw new Error(`${file}: section "${section}" is not one of ${SECTION_IDS.join(', ')}`);
  const roles = list(need('roles'));
  for (const role of roles)
    if (!(ROLES as readonly string[]).includes(role)) throw new Error(`${file}: no role "${role}"`);
  const slug = (file.split('/').pop() ?? file).replace(/\.md$/, '');
  return {
    slug,
    title: need('title'),
    routes: list(need('routes')),
    section: section as TSectionId,
    roles: roles as TRole[],
    summary: need('summary'),
    body: match[2]!,
  };
}

/** The targets of the article's Markdown links (`[text](target)`), images left out. */
export function linksOf(body: string): string[] {
  return [...body.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** The screenshots an article names (`![alt](screenshots/<name>.png)`), by name. */
export function screenshotsOf(body: string): string[] {
  return [...body.matchAll(/!\[[^\]]*\]\(screenshots\/([\w-]+)\.png\)/g)].map((m) => m[1]!);
}

/** How well a route of an article fits an address: 2 for path and tab, 1 for a bare path, 0 for none. */
export function routeFit(route: string, pathname: string, search: string): number {
  const [path, query = ''] = route.split('?');
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path !== here) return 0;
  const tab = new URLSearchParams(query).get('tab');
  if (tab === null) return 1;
  return new URLSearchParams(search).get('tab') === tab ? 2 : 0;
}

/** The article of the screen at an address: the best fitting route wins (a tab over its bare page). */
export function articleFor<T extends Pick<THelpArticle, 'routes'>>(
  articles: readonly T[],
  pathname: string,
  search: string,
): T | null {
  let best: T | null = null;
  let bestFit = 0;
  for (const article of articles) {
    for (const route of article.routes) {
      const fit = routeFit(route, pathname, search);
      if (fit > bestFit) {
        best = article;
        bestFit = fit;
      }
    }
  }
  return best;
}
