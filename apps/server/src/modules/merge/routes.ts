import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  MERGE_LIMITS,
  MERGE_MESSAGES,
  mergePreviewBodySchema,
  mergePreviewSchema,
  mergeRunSchema,
  mergeSendBodySchema,
  mergeTemplateListSchema,
  mergeTemplateSchema,
} from '@lp/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { type App, errorSchema, type PlatformDeps } from '../../platform/http.js';
import { findRun } from './find-run.js';
import { previewLetter } from './preview.js';
import { sendMerge } from './send-merge.js';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, templateAnswer } from './templates.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** A recipient list may carry a CSV of up to 5 MB as JSON. */
const RECIPIENTS_BODY_BYTES = 6 * 1024 * 1024;
const TAG = 'mail merge';

/** Mail merge (decision 0036): uploading, reading and using templates is part of uploading letters. */
export function registerMergeRoutes(app: App, { pool, blobs, config }: PlatformDeps) {
  const upload = { kind: 'member', anyOf: ['create_letter'] } as const;

  app.post(
    '/api/merge-templates',
    {
      schema: {
        tags: [TAG],
        summary: 'Upload a Word letter with merge fields as a template (multipart "file", DOCX); answers its fields',
        response: { 201: mergeTemplateSchema, 413: errorSchema, 415: errorSchema, 422: errorSchema },
      },
      config: { access: upload },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const file = await request
        .file({ limits: { fileSize: MERGE_LIMITS.maxTemplateBytes, files: 1, fields: 2 } })
        .catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          return undefined;
        });
      if (file?.fieldname !== 'file')
        throw new AppError('VALIDATION_FAILED', 'Attach the template as the "file" field.');
      const bytes = await buffer(file.file as Readable);
      if (file.file.truncated) throw new AppError('BODY_TOO_LARGE', MERGE_MESSAGES.tooLarge);
      const template = await createTemplate(
        pool,
        blobs,
        { accountId: auth.accountId, userId: auth.userId },
        { name: file.filename, bytes },
      );
      return reply.status(201).send(template);
    },
  );

  app.get(
    '/api/merge-templates',
    {
      schema: {
        tags: [TAG],
        summary: "The company's mail merge templates, newest first",
        response: { 200: mergeTemplateListSchema },
      },
      config: { access: upload },
    },
    async (request) => ({ templates: await listTemplates(pool, request.auth!.accountId) }),
  );

  app.get(
    '/api/merge-templates/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'One template and its fields',
        params: idParams,
        response: { 200: mergeTemplateSchema, 404: errorSchema },
      },
      config: { access: upload },
    },
    async (request) => templateAnswer(await getTemplate(pool, request.auth!.accountId, request.params.id)),
  );

  app.delete(
    '/api/merge-templates/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a template (merges made from it and their letters stay)',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
      config: { access: upload },
    },
    async (request, reply) => {
      await deleteTemplate(pool, blobs, request.auth!.accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/merge-templates/:id/preview',
    {
      bodyLimit: RECIPIENTS_BODY_BYTES,
      schema: {
        tags: [TAG],
        summary: "One recipient's letter with its fields filled, as a PDF (or the fields it lacks)",
        params: idParams,
        body: mergePreviewBodySchema,
        response: { 200: mergePreviewSchema, 404: errorSchema, 422: errorSchema, 503: errorSchema },
      },
      config: { access: upload },
    },
    async (request) =>
      previewLetter(
        pool,
        blobs,
        request.auth!.accountId,
        request.params.id,
        request.body.recipients,
        request.body.index,
        config.SOFFICE_PATH,
      ),
  );

  app.post(
    '/api/merge-templates/:id/send',
    {
      bodyLimit: RECIPIENTS_BODY_BYTES,
      schema: {
        tags: [TAG],
        summary:
          'Merge the template for its recipients: one letter each, analysed and (by default) delivered through each customer’s preferred channels; answers the run',
        params: idParams,
        body: mergeSendBodySchema,
        response: {
          202: z.object({ id: z.string(), total: z.number().int() }),
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: upload },
    },
    async (request, reply) => {
      const auth = request.auth!;
      // Delivery goes on the sender's behalf: they must be allowed to send letters themselves.
      if (request.body.deliver && !auth.abilities.has('send_letter')) throw new AppError('PERMISSION_DENIED');
      const run = await sendMerge(
        pool,
        { accountId: auth.accountId, userId: auth.userId, testMode: auth.apiKey?.mode === 'test' },
        request.params.id,
        request.body.recipients,
        request.body.deliver,
      );
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/api/merge-runs/:id',
    {
      schema: {
        tags: [TAG],
        summary: "A merge's progress and each recipient's outcome (the letter made, or why none was)",
        params: idParams,
        response: { 200: mergeRunSchema, 404: errorSchema },
      },
      config: { access: upload },
    },
    async (request) => findRun(pool, request.auth!.accountId, request.params.id),
  );
}
