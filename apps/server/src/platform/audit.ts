import type pg from 'pg';
import type { ApiKeyActor, AuthContext } from './access.js';
import { publish } from './events.js';

export interface AuditEntry {
  action: string;
  entityType:
    | 'user'
    | 'department'
    | 'approval'
    | 'spending_cap'
    | 'account'
    | 'letter'
    | 'api_key'
    | 'webhook_endpoint';
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * Who acts: the signed-in member (an AuthContext fits), or a member named by id and email; with the
 * API key a program used, when it was one (the entry shows "API key 'ERP' of ...").
 */
export type AuditActor = Pick<AuthContext, 'accountId' | 'userId'> & {
  row: { email: string };
  apiKey?: ApiKeyActor | null;
};

/**
 * Writes an audit row; call it with the transaction's client so the change and its record commit
 * together. The actor is the member `by`. An open audit log refreshes when it commits.
 */
export async function writeAudit(client: pg.ClientBase, by: AuditActor, e: AuditEntry): Promise<void> {
  await client.query(
    `insert into audit_log (account_id, actor_user_id, actor_email, actor_api_key_id, actor_api_key_name, action,
       entity_type, entity_id, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      by.accountId,
      by.userId,
      by.row.email,
      by.apiKey?.id ?? null,
      by.apiKey?.name ?? null,
      e.action,
      e.entityType,
      e.entityId,
      JSON.stringify(e.before ?? null),
      JSON.stringify(e.after ?? null),
    ],
  );
  await publish(client, { accountId: by.accountId, message: { type: 'refresh', entities: ['audit'] } });
}
