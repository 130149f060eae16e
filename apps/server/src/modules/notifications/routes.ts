import { z } from 'zod';
import type { App, AppDeps } from '../../app.js';

/** The bell's count: the user's notifications not yet dismissed. */
export function registerNotificationRoutes(app: App, { pool }: AppDeps) {
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
}
