import { z } from 'zod';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { decideApproval } from './approvals.js';

/** POST /api/approvals/decide: a supervisor approves or denies a request. */
export function registerApprovalRoutes(app: App, { pool }: PlatformDeps) {
  app.post(
    '/api/approvals/decide',
    {
      schema: {
        tags: ['approvals'],
        summary: 'Approve or deny a request (supervisors of its department, or the owner)',
        body: z.strictObject({ approval_id: z.string().min(1).max(100), verdict: z.enum(['approve', 'deny']) }),
        response: {
          200: z.object({ approval_id: z.string(), verdict: z.enum(['approve', 'deny']), status: z.string() }),
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['approve'] } },
    },
    async (request) => {
      const { approval_id, verdict } = request.body;
      return decideApproval(pool, request.auth!, approval_id, verdict);
    },
  );
}
