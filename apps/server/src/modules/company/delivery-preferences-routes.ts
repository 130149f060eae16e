import {
  applyOmitRule,
  DELIVERY_PREFERENCES_MESSAGES,
  type DeliveryPreferences,
  deliveryPreferencesSchema,
  EMAIL_KINDS,
  letterPreferencesOf,
  MAIL_PRINTS,
  MAIL_SERVICES,
  readDeliveryPreferences,
} from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';
import type { App, PlatformDeps } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';

/** The stored preferences as answered (every field present). */
const preferencesAnswer = z.object({
  autoSend: z.boolean(),
  mail: z.object({ print: z.enum(MAIL_PRINTS), service: z.enum(MAIL_SERVICES), omit: z.boolean() }),
  email: z.object({ kind: z.enum(EMAIL_KINDS), omit: z.boolean() }),
});

const lettersAnswer = z.object({
  delivery_preferences: preferencesAnswer,
  letters: z.object({
    delivery: z.object({ mail: z.object({ omit: z.boolean() }), email: z.object({ omit: z.boolean() }) }),
  }),
  letter_postage_preferences: z.object({ premium: z.boolean(), color: z.boolean() }),
});

const answerOf = (p: DeliveryPreferences) => ({ delivery_preferences: p, ...letterPreferencesOf(p) });

async function readStored(q: pg.ClientBase | pg.Pool, accountId: string, lock = false): Promise<DeliveryPreferences> {
  const { rows } = await q.query<{ delivery: unknown }>(
    `select preferences -> 'delivery' as delivery from accounts where id = $1${lock ? ' for update' : ''}`,
    [accountId],
  );
  return readDeliveryPreferences(rows[0]?.delivery);
}

/**
 * The company's letter delivery preferences (part 2 sections 3, 4 and 7), kept in
 * accounts.preferences under `delivery`: every member reads them, manage_company saves them.
 */
export function registerDeliveryPreferenceRoutes(app: App, deps: Pick<PlatformDeps, 'pool'>): void {
  const { pool } = deps;

  app.get(
    '/api/accounts/settings/letters',
    {
      schema: {
        tags: ['account settings'],
        summary: "The company's letter delivery preferences, in both representations (the defaults until saved)",
        response: { 200: lettersAnswer, 403: errorSchema },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => answerOf(await readStored(pool, request.auth!.accountId)),
  );

  app.put(
    '/api/accounts/settings/letters',
    {
      schema: {
        tags: ['account settings'],
        summary:
          "Saves the company's letter delivery preferences (manage_company); when both omit flags are on, omit-mail is turned off",
        body: z.strictObject({ delivery_preferences: deliveryPreferencesSchema }),
        response: {
          200: lettersAnswer.extend({ message: z.string() }),
          403: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['manage_company'] } },
    },
    async (request) => {
      const auth = request.auth!;
      const body = request.body;
      const saved = applyOmitRule(body.delivery_preferences);
      await inTransaction(pool, async (client) => {
        const before = await readStored(client, auth.accountId, true);
        await client.query(
          `update accounts
              set preferences = jsonb_set(coalesce(preferences, '{}'::jsonb), '{delivery}', $2::jsonb), updated_at = now()
            where id = $1`,
          [auth.accountId, JSON.stringify(saved)],
        );
        await writeAudit(client, auth, {
          action: 'account.delivery_preferences',
          entityType: 'account',
          entityId: auth.accountId,
          before,
          after: saved,
        });
        await publish(client, {
          accountId: auth.accountId,
          message: { type: 'refresh', entities: ['me', 'settings'] },
        });
      });
      return { message: DELIVERY_PREFERENCES_MESSAGES.saved, ...answerOf(saved) };
    },
  );
}
