// Search as you type: an article matches when every word typed is in its title, summary or text; title matches
// come first. The excerpt is the text around the first match in the article, so the page can show the words found.
import type { THelpArticle } from './article-format.ts';

/** Markdown to the words a reader sees: links keep their text, images, marks and headings' hashes go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#+\s*/gm, '')
    .replace(/[*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a query, lower-cased; punctuation around a word does not count. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

export interface THelpHit {
  article: THelpArticle;
  /** Text around the first match in the article's text (the summary when the words are all in the title). */
  excerpt: string;
}

const EXCERPT_BEFORE = 60;
const EXCERPT_LENGTH = 200;

function excerptAround(text: string, at: number): string {
  const start = Math.max(0, at - EXCERPT_BEFORE);
  const cut = text.slice(start, start + EXCERPT_LENGTH);
  return `${start > 0 ? '…' : ''}${cut}${start + EXCERPT_LENGTH < text.length ? '…' : ''}`;
}

/** The articles that hold every word of `query`, best first; an empty query finds nothing. */
export function searchArticles(articles: readonly THelpArticle[], query: string): THelpHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const hits: (THelpHit & { score: number })[] = [];
  for (const article of articles) {
    const title = article.title.toLowerCase();
    const text = plainText(article.body);
    const all = `${title} ${article.summary.toLowerCase()} ${text.toLowerCase()}`;
    if (!words.every((w) => all.includes(w))) continue;
    const score = words.filter((w) => title.includes(w)).length;
    const first = Math.min(
      ...words.map((w) => text.toLowerCase().indexOf(w)).filter((i) => i >= 0),
      Number.POSITIVE_INFINITY,
    );
    const excerpt = Number.isFinite(first) ? excerptAround(text, first) : article.summary;
    hits.push({ article, excerpt, score });
  }
  return hits.sort((a, b) => b.score - a.score).map(({ article, excerpt }) => ({ article, excerpt }));
}
