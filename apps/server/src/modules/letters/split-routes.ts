import { confirmSplitSchema, splitProposalSchema } from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { Narrow } from '../../platform/db/row.js';
import type { LetterRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { confirmSplit } from './confirm-split.js';
import { findLetter } from './find-letter.js';
import { requestSplit } from './request-split.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const splitStatus = z.enum(['proposing', 'proposed', 'splitting', 'split', 'failed']);
// Splitting is creating letters: every step needs create_letter.
const access = { kind: 'member', anyOf: ['create_letter'] } as const;

/**
 * Splitting a merged letter (decision 0011): Split finds where each letter starts (a job), the
 * user reviews the proposal, and the confirm cuts the file at the chosen pages (another job).
 */
export function registerSplitRoutes(app: App, { pool }: { pool: pg.Pool }) {
  app.post(
    '/api/letters/:id/split',
    {
      schema: {
        tags: ['letters'],
        summary: 'Split a merged letter: find where each letter starts (a job); the letters are made on confirm',
        params: idParams,
        response: {
          202: z.object({ uuid: z.string(), split_status: z.literal('proposing') }),
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: { access },
    },
    async (request, reply) => {
      const { id } = request.params;
      await requestSplit(pool, request.auth!, id);
      return reply.status(202).send({ uuid: id, split_status: 'proposing' as const });
    },
  );

  app.get(
    '/api/letters/:id/split',
    {
      schema: {
        tags: ['letters'],
        summary: 'The proposed split of a merged letter: where each letter starts, why, and its recipient',
        params: idParams,
        response: {
          200: z.object({
            uuid: z.string(),
            split_status: splitStatus.nullable(),
            proposal: splitProposalSchema.nullable(),
          }),
          404: errorSchema,
        },
      },
      config: { access },
    },
    async (request) => {
      const { id } = request.params;
      const letter = await findLetter<
        Narrow<Pick<LetterRow, 'split_status' | 'split_proposal'>, { split_status: z.infer<typeof splitStatus> | null }>
      >(pool, request.auth!, id, 'split_status, split_proposal');
      if (!letter) throw new AppError('NOT_FOUND');
      return { uuid: id, split_status: letter.split_status, proposal: letter.split_proposal };
    },
  );

  app.post(
    '/api/letters/:id/split/confirm',
    {
      schema: {
        tags: ['letters'],
        summary:
          'Cut a merged letter at the pages given (the first page of every letter: 1 first, in order); a job creates the letters',
        params: idParams,
        body: confirmSplitSchema,
        response: {
          202: z.object({ uuid: z.string(), split_status: z.literal('splitting'), starts: z.array(z.number().int()) }),
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
      config: { access },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { starts } = request.body;
      await confirmSplit(pool, request.auth!, id, starts);
      return reply.status(202).send({ uuid: id, split_status: 'splitting' as const, starts });
    },
  );
}
