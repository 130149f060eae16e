/**
 * A guide article as data: blocks of plain text rendered as React elements (never as HTML). Inline,
 * `**words**` is shown bold (the product's own button and field names) and `[words](/path)` is a
 * link to a screen of the product (internal paths only).
 */
export type GuideBlock =
  | { kind: 'p'; text: string }
  | { kind: 'h'; text: string }
  | { kind: 'steps'; items: readonly string[] }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'tip'; text: string }
  | { kind: 'image'; src: string; alt: string; caption?: string };

export interface GuideArticle {
  /** The article's address: /guide/{slug}. */
  slug: string;
  title: string;
  /** One sentence shown in the index and searched with the body. */
  summary: string;
  blocks: readonly GuideBlock[];
}
