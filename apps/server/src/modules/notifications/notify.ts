import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { publish } from '../../platform/events.js';

export interface ApprovalRef {
  approval_id: string;
  entity_type: string;
  entity_id: string;
  supervised_user: string;
}

/**
 * Stores a notification for each recipient and pushes it to their open streams, in the caller's
 * transaction (delivered on commit).
 */
export async function notifyUsers(
  client: pg.ClientBase,
  n: {
    accountId: string;
    userIds: string[];
    sender: string;
    description: string;
    highlight?: boolean;
    approval?: ApprovalRef;
  },
): Promise<void> {
  for (const userId of new Set(n.userIds)) {
    const id = randomUUID();
    await client.query(
      `insert into notifications (id, account_id, user_id, sender, description, highlight, approval)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        n.accountId,
        userId,
        n.sender,
        n.description,
        n.highlight ?? false,
        n.approval ? JSON.stringify(n.approval) : null,
      ],
    );
    await publish(client, {
      accountId: n.accountId,
      userIds: [userId],
      message: {
        type: 'notifications',
        from: n.sender,
        details: [{ id, description: n.description, highlight: n.highlight ?? false, approval: n.approval ?? null }],
      },
    });
  }
}
