import {
  approvals,
  customers,
  desktopApp,
  gettingStarted,
  integrations,
  letterheads,
  money,
  parcels,
  plans,
  storage,
  users,
} from './company';
import { deliveringLetters, fixingLetters, scheduling, uploadingLetters } from './letters';
import type { GuideArticle, GuideBlock } from './types';

export type { GuideArticle, GuideBlock } from './types';

/** Every article, in the order of the table of contents (and of previous / next). */
export const GUIDE_ARTICLES: readonly GuideArticle[] = [
  gettingStarted,
  uploadingLetters,
  fixingLetters,
  deliveringLetters,
  scheduling,
  approvals,
  money,
  plans,
  parcels,
  storage,
  customers,
  letterheads,
  integrations,
  users,
  desktopApp,
];

/** The article at /guide/{slug}, or undefined. */
export function findArticle(slug: string): GuideArticle | undefined {
  return GUIDE_ARTICLES.find((a) => a.slug === slug);
}

/** The text a block shows, inline marks taken out (what search reads). */
export function blockText(block: GuideBlock): string {
  const raw =
    block.kind === 'steps' || block.kind === 'list'
      ? block.items.join(' ')
      : block.kind === 'image'
        ? `${block.alt} ${block.caption ?? ''}`
        : block.text;
  return plainText(raw);
}

/** Inline marks (**bold**, [text](/path)) taken out of a text. */
export function plainText(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/g, '$1').replace(/\[([^\]]+)\]\((\/[^)\s]*)\)/g, '$1');
}

/** Lower case without accents, so "cafe" finds "Café". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-GB');
}

/** The words of a search, folded; empty when there is nothing to search for. */
export function searchTerms(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/**
 * The articles matching every word of the query in their title, summary or body, title matches
 * first; every article for an empty query.
 */
export function searchArticles(query: string, articles: readonly GuideArticle[] = GUIDE_ARTICLES): GuideArticle[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [...articles];
  const scored = articles
    .map((article, index) => {
      const title = fold(article.title);
      const all = fold([article.title, article.summary, ...article.blocks.map(blockText)].join(' '));
      if (!terms.every((t) => all.includes(t))) return null;
      const titleHits = terms.filter((t) => title.includes(t)).length;
      return { article, index, titleHits };
    })
    .filter((x) => x !== null);
  scored.sort((a, b) => b.titleHits - a.titleHits || a.index - b.index);
  return scored.map((s) => s.article);
}
