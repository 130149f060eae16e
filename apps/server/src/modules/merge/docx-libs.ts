import { loadOnce } from '../../platform/load-once.js';

/**
 * The Word half of the merge, loaded on first use: docxtemplater, PizZip and xmldom cost about a
 * tenth of a second of CPU to load, at every start, for a feature most starts never use
 * (issue 29's start-up budget). Types are imported statically; code reaches these through here.
 */
export const fillModule = loadOnce(() => import('./fill.js'));
export const batchModule = loadOnce(() => import('./batch.js'));
