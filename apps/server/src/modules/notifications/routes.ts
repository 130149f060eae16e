import { z } from 'zod';
import type { Narrow } from '../../platform/db/row.js';
import type { NotificationRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import type { App, PlatformDeps } from '../../platform/http.js';

const LIST_LIMIT = 200;

const approvalSchema = z.object({
  approval_id: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  supervised_user: z.string(),
});
const groupSchema = z.object({
  from: z.string(),
  details: z.array(
    z.object({ id: z.string(), description: z.string(), highlight: z.boolean(), approval: approvalSchema.nullable() }),
  ),
});

type Row = Narrow<
  Pick<NotificationRow, 'id' | 'sender' | 'description' | 'highlight' | 'approval'>,
  { approval: z.infer<typeof approvalSchema> | null }
>;

/** The bell's count, the panel's groups (one per sender) and dismissing one or all. */
export function registerNotificationRoutes(app: App, { pool }: PlatformDeps) {
  app.get(
    '/api/notifications/count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Number of open notifications',
        response: { 200: z.object({ count: z.number().int() }) },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => {
      const { rows } = await pool.query<{ count: number }>(
        'select count(*)::int as count from notifications where user_id = $1 and account_id = $2 and dismissed_at is null',
        [request.auth!.userId, request.auth!.accountId],
      );
      return { count: rows[0]?.count ?? 0 };
    },
  );

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: `Open notifications grouped by sender, newest first (at most ${LIST_LIMIT})`,
        response: { 200: z.object({ groups: z.array(groupSchema) }) },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => {
      const { rows } = await pool.query<Row>(
        `select id, sender, description, highlight, approval from notifications
          where user_id = $1 and account_id = $2 and dismissed_at is null
          order by created_at desc, id desc limit ${LIST_LIMIT}`,
        [request.auth!.userId, request.auth!.accountId],
      );
      const groups = new Map<string, z.infer<typeof groupSchema>>();
      for (const r of rows) {
        const group = groups.get(r.sender) ?? { from: r.sender, details: [] };
        group.details.push({ id: r.id, description: r.description, highlight: r.highlight, approval: r.approval });
        groups.set(r.sender, group);
      }
      return { groups: [...groups.values()] };
    },
  );

  app.delete(
    '/api/notifications',
    {
      schema: { tags: ['notifications'], summary: 'Dismiss every open notification', response: { 204: z.null() } },
      config: { access: { kind: 'member' } },
    },
    async (request, reply) => {
      await pool.query(
        'update notifications set dismissed_at = now() where user_id = $1 and account_id = $2 and dismissed_at is null',
        [request.auth!.userId, request.auth!.accountId],
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Dismiss one notification',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: z.null() },
      },
      config: { access: { kind: 'member' } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const res = await pool.query(
        'update notifications set dismissed_at = now() where id = $1 and user_id = $2 and account_id = $3 and dismissed_at is null',
        [id, request.auth!.userId, request.auth!.accountId],
      );
      if (res.rowCount === 0) throw new AppError('NOT_FOUND');
      return reply.status(204).send(null);
    },
  );
}
