import { DELIVERY_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import { type AuthContext, actorName } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { CloudLinkRow, LetterRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { findLetter, recordLetterHistory } from '../letters/index.js';

export interface RevokeResult {
  uuid: string;
  /** How many links this call ended (0 when none was live: revoking again changes nothing). */
  revoked: number;
  message: string;
}

/**
 * Revoke Cloud Links (issue 24 item 12): ends every live link to the letter (the cloud link
 * channel's, an email sent as a link, a text message's), in the caller's transaction with the
 * timeline line and the audit row. A revoked link answers as an unknown one (openCloudLink). A
 * letter of another company, or one the caller does not see, is 404; a letter with no live link is
 * a success that changes nothing, so a second click or a retried request is harmless.
 */
export async function revokeCloudLinks(q: pg.ClientBase, auth: AuthContext, letterId: string): Promise<RevokeResult> {
  // Locked: a link being made for this letter (its foreign key check takes a key-share lock on the
  // letter) is either committed first, and revoked below, or made after, for a new delivery.
  const letter = await findLetter<Pick<LetterRow, 'status'>>(q, auth, letterId, 'l.status', { forUpdate: true });
  if (!letter) throw new AppError('NOT_FOUND');
  const { rows: links } = await q.query<Pick<CloudLinkRow, 'channel' | 'delivery_id' | 'expires_at'>>(
    `update cloud_links set revoked_at = now()
      where letter_id = $1 and account_id = $2 and revoked_at is null and expires_at > now()
      returning channel, delivery_id, expires_at`,
    [letterId, auth.accountId],
  );
  if (links.length === 0) return { uuid: letterId, revoked: 0, message: DELIVERY_MESSAGES.noLiveCloudLink };
  await recordLetterHistory(
    q,
    letterId,
    letter.status,
    DELIVERY_MESSAGES.cloudLinkRevokedBy(actorName(auth) || auth.row.email),
  );
  await writeAudit(q, auth, {
    action: 'letter.cloud_link_revoked',
    entityType: 'letter',
    entityId: letterId,
    before: { links: links.map((l) => ({ channel: l.channel, delivery_id: l.delivery_id, expires_at: l.expires_at })) },
    after: { revoked: links.length },
  });
  await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['letters'] } });
  return { uuid: letterId, revoked: links.length, message: DELIVERY_MESSAGES.cloudLinkRevoked };
}
