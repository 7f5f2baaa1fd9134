// Every help article, bundled into the web app from articles/**/*.md (docs/decisions/043), and the screenshots the
// end-to-end tests take for them (screenshots/*.png, docs/help-articles.md).
import { parseArticle, type THelpArticle } from './article-format.ts';

const files = import.meta.glob<string>('./articles/**/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every article, by title within its section (the page groups and orders the sections). */
export const HELP_ARTICLES: readonly THelpArticle[] = Object.entries(files)
  .map(([file, raw]) => parseArticle(file, raw))
  .sort((a, b) => a.title.localeCompare(b.title));

const shots = import.meta.glob<string>('./screenshots/*.png', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** The address of a screenshot an article names (`screenshots/<name>.png`), or null when no file is there. */
export function screenshotUrl(src: string): string | null {
  return shots[`./${src.replace(/^\.\//, '')}`] ?? null;
}
