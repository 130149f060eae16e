import { randomUUID } from 'node:crypto';
import { COMMUNICATION_PREFERENCES, customerFieldsSchema, customerMatchKey, normalisePreferences } from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { CustomerRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import type { App } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import { findLetter, type LetterReader } from '../letters/index.js';
import { findCustomer } from './find-customer.js';

/**
 * A letter's customer (issue 12 item 3): analysis links the customer whose name and postcode match
 * the recipient read; the user can pick another, unlink, or save the recipient as a new customer.
 */

const idParams = z.object({ id: z.string().min(1).max(100) });
const linked = z.object({
  uuid: z.string(),
  customer_uuid: z.string().nullable(),
  customer_name: z.string().nullable(),
});

/** The letter, locked, unless the caller does not see it or it is in the trash (404). */
async function lockLetter(q: pg.ClientBase, auth: LetterReader, id: string) {
  const letter = await findLetter<
    Pick<LetterRow, 'id' | 'recipient_name_snapshot' | 'recipient_address_snapshot' | 'postcode'>
  >(q, auth, id, 'id, recipient_name_snapshot, recipient_address_snapshot, postcode', {
    forUpdate: true,
    notTrashed: true,
  });
  if (!letter) throw new AppError('NOT_FOUND');
  return letter;
}

export function registerLetterCustomerRoutes(app: App, { pool }: { pool: pg.Pool }) {
  app.put(
    '/api/letters/:id/customer',
    {
      schema: {
        tags: ['customers'],
        summary: "Link a letter to one of the company's customers (null unlinks it)",
        params: idParams,
        body: z.strictObject({ customer_uuid: z.string().min(1).max(100).nullable() }),
        response: { 200: linked, 404: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['send_letter', 'create_letter', 'manage_recipients'] } },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      const { customer_uuid } = request.body;
      return inTransaction(pool, async (q) => {
        await lockLetter(q, auth, id);
        let name: string | null = null;
        if (customer_uuid) {
          const customer = await findCustomer<Pick<CustomerRow, 'name'>>(q, auth.accountId, customer_uuid, 'name');
          if (!customer) throw new AppError('NOT_FOUND', 'There is no such customer.');
          name = customer.name;
        }
        await q.query('update letters set customer_id = $2, updated_at = now() where id = $1', [id, customer_uuid]);
        await publish(q, {
          accountId: auth.accountId,
          message: { type: 'refresh', entities: ['letters', 'customers'] },
        });
        return { uuid: id, customer_uuid, customer_name: name };
      });
    },
  );

  const fromRecipient = z.strictObject({
    email: customerFieldsSchema.shape.email,
    phone: customerFieldsSchema.shape.phone,
    communications_preference: z.array(z.enum(COMMUNICATION_PREFERENCES)).max(4).default([]),
  });
  app.post(
    '/api/letters/:id/customer',
    {
      schema: {
        tags: ['customers'],
        summary: "Save the letter's recipient (as read from it) as a new customer, and link the letter to them",
        params: idParams,
        body: fromRecipient,
        response: { 201: linked, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['manage_recipients'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params;
      const b = request.body;
      const result = await inTransaction(pool, async (q) => {
        const letter = await lockLetter(q, auth, id);
        if (!letter.recipient_name_snapshot)
          throw new AppError(
            'CONFLICT',
            'No recipient was read from this letter: add the customer on the Customers page.',
          );
        const lines = (letter.recipient_address_snapshot ?? []).filter((l) => l !== letter.postcode);
        const customerId = randomUUID();
        await q
          .query(
            `insert into customers (id, account_id, name, address_lines, postcode, email, phone, communications_preference, match_key)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              customerId,
              auth.accountId,
              letter.recipient_name_snapshot,
              lines,
              letter.postcode,
              b.email ? b.email.toLowerCase() : null,
              b.phone || null,
              normalisePreferences(b.communications_preference),
              customerMatchKey(letter.recipient_name_snapshot, letter.postcode),
            ],
          )
          .catch((error: { code?: string }) => {
            if (error?.code === '23505') throw new AppError('CONFLICT', 'A customer with this email already exists.');
            throw error;
          });
        await q.query('update letters set customer_id = $2, updated_at = now() where id = $1', [id, customerId]);
        await publish(q, {
          accountId: auth.accountId,
          message: { type: 'refresh', entities: ['letters', 'customers'] },
        });
        return { uuid: id, customer_uuid: customerId, customer_name: letter.recipient_name_snapshot };
      });
      return reply.status(201).send(result);
    },
  );
}
