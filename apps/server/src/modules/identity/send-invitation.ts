import type pg from 'pg';
import type { Config } from '../../platform/config.js';
import type { AccountRow, UserRow } from '../../platform/db/rows.js';
import { addJob } from '../../platform/jobs.js';
import { invitationEmail } from '../../platform/mail.js';
import { TASKS } from '../../platform/tasks.js';

/** The link an invitee opens: /invited/signUp/{uniqueId}/{accountId}. */
export function invitationLink(config: Config, uniqueId: string, accountId: string): string {
  return new URL(
    `/invited/signUp/${encodeURIComponent(uniqueId)}/${encodeURIComponent(accountId)}`,
    config.PUBLIC_URL,
  ).toString();
}

/** Queues the invitation email (a durable job); with a transaction's client it commits with the invitation. */
export async function sendInvitationEmail(
  q: pg.ClientBase | pg.Pool,
  config: Config,
  invite: { uniqueId: string; accountId: string; email: string; fullName: string; invitedBy?: string | null },
) {
  const { rows } = await q.query<Pick<AccountRow, 'name'>>('select name from accounts where id = $1', [
    invite.accountId,
  ]);
  const company = rows[0]?.name ?? 'your company';
  // The member who invited (of the same company) is named in the email, and a reply goes to them.
  const { rows: inviters } = invite.invitedBy
    ? await q.query<Pick<UserRow, 'name' | 'email'>>(
        'select name, email from users where id = $1 and account_id = $2',
        [invite.invitedBy, invite.accountId],
      )
    : { rows: [] };
  const link = invitationLink(config, invite.uniqueId, invite.accountId);
  await addJob(
    q,
    TASKS.sendEmail,
    invitationEmail({ email: invite.email, name: invite.fullName }, company, link, inviters[0] ?? null),
  );
}
