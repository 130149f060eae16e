// The public face of modules/merge (tier 7, above delivery): mail merge, decision 0036.

export { deliverMergedLetter, MERGE_DELIVER_TASK, queueMergedDelivery } from './deliver-merged.js';
export { registerMergeRoutes } from './routes.js';
export { runMerge } from './run-merge.js';
export { MERGE_TASK } from './send-merge.js';
