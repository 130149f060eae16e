import { z } from 'zod';
import type { AuditLogRow } from '../../platform/db/rows.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { listSchema } from '../../platform/http.js';
import { listQuerySchema, rowLimit, Where } from '../../platform/list.js';

/** GET /api/audit: the owner reads who changed what in users and departments, newest first. */
export function registerAuditRoutes(app: App, { pool }: PlatformDeps) {
  const query = listQuerySchema(['entity_type'], ['all']);
  const entry = z.object({
    id: z.number().int(),
    at: z.string(),
    actor_email: z.string().nullable(),
    /** The API key a program made the change with (its name then); null for a person. */
    actor_api_key: z.string().nullable(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  });
  app.get(
    '/api/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audit log of administrative changes (owner only)',
        querystring: query,
        response: { 200: listSchema(entry) },
      },
      config: { access: { kind: 'member', ownerOnly: true } },
    },
    async (request) => {
      const q = request.query;
      const where = new Where().add('account_id = ?', request.auth!.accountId);
      const type = q['filter.entity_type'];
      if (typeof type === 'string' && type) where.add('entity_type = ?', type);
      const limit = rowLimit(q.limit);
      const [rows, count] = await Promise.all([
        pool.query<
          Pick<
            AuditLogRow,
            | 'id'
            | 'created_at'
            | 'actor_email'
            | 'actor_api_key_name'
            | 'action'
            | 'entity_type'
            | 'entity_id'
            | 'before'
            | 'after'
          >
        >(
          `select id, created_at, actor_email, actor_api_key_name, action, entity_type, entity_id, before, after from audit_log ${where} order by id desc limit ${limit} offset ${q.page * limit}`,
          where.params,
        ),
        pool.query<{ n: number }>(`select count(*)::int as n from audit_log ${where}`, where.params),
      ]);
      return {
        rows: rows.rows.map(({ actor_api_key_name, ...r }) => ({
          ...r,
          id: Number(r.id),
          at: r.created_at.toISOString(),
          actor_api_key: actor_api_key_name,
        })),
        count: count.rows[0]!.n,
        filter_options: { entity_type: ['user', 'department', 'approval', 'api_key', 'webhook_endpoint'] },
      };
    },
  );
}
