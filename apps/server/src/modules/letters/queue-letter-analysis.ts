import type pg from 'pg';
import { addJob } from '../../platform/jobs.js';
import { TASKS } from '../../platform/tasks.js';

/**
 * Queues the letter's analysis in the caller's transaction: it commits with the change that made
 * the letter Analysing, a restart resumes it, and its retries are bounded. One job per letter.
 */
export async function queueLetterAnalysis(q: pg.ClientBase, letterId: string): Promise<void> {
  await addJob(q, TASKS.analyseLetter, { letterId }, { maxAttempts: 3, jobKey: `analyse:${letterId}` });
}
