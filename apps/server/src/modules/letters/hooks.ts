import type { LetterCloudSync } from '@lp/domain';
import type pg from 'pg';

/**
 * What modules above letters add to a letter's life without letters knowing them (the way approval
 * handlers work): the wiring registers them once per process, by name, so registering again (a
 * second app in the same process) replaces rather than adds.
 */

/** Runs in the analysis's transaction when a letter comes out of it clean (Analysis Complete). */
export type LetterAnalysedHook = (q: pg.ClientBase, letter: { id: string; accountId: string }) => Promise<void>;

const analysedHooks = new Map<string, LetterAnalysedHook>();

export function onLetterAnalysed(name: string, hook: LetterAnalysedHook): void {
  analysedHooks.set(name, hook);
}

export async function letterAnalysed(q: pg.ClientBase, letter: { id: string; accountId: string }): Promise<void> {
  for (const hook of analysedHooks.values()) await hook(q, letter);
}

/** Reads where a letter has been copied in the company's drives (shown in its panel). */
export type LetterCloudSyncsReader = (pool: pg.Pool, letterId: string) => Promise<LetterCloudSync[]>;

let cloudSyncsReader: LetterCloudSyncsReader = async () => [];

export function setLetterCloudSyncsReader(reader: LetterCloudSyncsReader): void {
  cloudSyncsReader = reader;
}

export const letterCloudSyncs: LetterCloudSyncsReader = (pool, letterId) => cloudSyncsReader(pool, letterId);
