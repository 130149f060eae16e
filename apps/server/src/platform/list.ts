import { z } from 'zod';

/** Page sizes of the shared table; "all" is bounded so that no list answer is unbounded. */
export const PAGE_LIMITS = ['5', '10', '25', '50', '100', 'all'] as const;
export const ALL_ROWS_CAP = 1000;

const filterValue = z.union([z.string().max(100), z.array(z.string().max(100)).max(20)]).optional();

/** The query string of a shared-table list: page, limit, search, tab and `filter.<column>` values. */
export function listQuerySchema<const F extends string, const T extends string>(
  filters: readonly F[],
  tabs: readonly [T, ...T[]],
) {
  return z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.enum(PAGE_LIMITS).default('5'),
    search: z.string().trim().max(100).default(''),
    tab: z.enum(tabs).default(tabs[0]),
    ...(Object.fromEntries(filters.map((f) => [`filter.${f}`, filterValue])) as Record<
      `filter.${F}`,
      typeof filterValue
    >),
  });
}

export function rowLimit(limit: (typeof PAGE_LIMITS)[number]): number {
  return limit === 'all' ? ALL_ROWS_CAP : Number(limit);
}

/** A filter's values as a list (one value or several). */
export function filterValues(query: Record<string, unknown>, name: string): string[] {
  const v = query[`filter.${name}`];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');
}

/** Escapes LIKE wildcards so a search word matches literally. */
export function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Builds a WHERE clause with numbered parameters. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  add(sqlWithPlaceholders: string, ...values: unknown[]): this {
    let text = sqlWithPlaceholders;
    for (const v of values) {
      this.params.push(v);
      text = text.replace('?', `$${this.params.length}`);
    }
    this.parts.push(text);
    return this;
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  toString(): string {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}
