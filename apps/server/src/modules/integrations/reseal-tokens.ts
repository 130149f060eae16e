import type pg from 'pg';
import type { IntegrationRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { type KeyRing, open, SecretError, seal, sealedKeyId } from '../../platform/secrets.js';
import { tokenPlace } from './service.js';

/** The job that re-seals stored tokens with the current key after INTEGRATION_KEYS rotates. */
export const RESEAL_TASK = 'integrations_reseal_tokens';
/** One such job queued at a time, however many processes start at once. */
export const RESEAL_JOB_KEY = 'integrations-reseal-tokens';

export interface ResealOutcome {
  /** The key every re-sealed value is now sealed with. */
  sealingKey: string;
  resealed: number;
  /** Values no configured key opens (a key removed from INTEGRATION_KEYS too soon): left as they are, reconnecting helps. */
  unreadable: number;
}

/**
 * Re-seals every connection's tokens sealed with a key other than the sealing one (decision 0021,
 * "Tokens"): after a rotation (`INTEGRATION_KEYS=k2:...,k1:...`, k1 kept only to open) the retired
 * key can be removed once this has run. Batches of `batchSize` rows, each in its own transaction
 * under the row lock the refresh takes (`select ... for update`), and each value read under that
 * lock: a refresh that committed meanwhile is what gets re-sealed (or, sealed with the current key
 * already, is no longer selected), and a refresh waiting for the lock reads the re-sealed value,
 * so no refresh is lost. Idempotent: a second run finds nothing to do. Walks the table once in key
 * order, so an unreadable row is counted once and never loops.
 */
export async function resealIntegrationTokens(
  pool: pg.Pool,
  ring: KeyRing,
  { batchSize = 200 }: { batchSize?: number } = {},
): Promise<ResealOutcome> {
  const current = ring.sealing.id;
  const outcome: ResealOutcome = { sealingKey: current, resealed: 0, unreadable: 0 };
  let after = { accountId: '', provider: '' };
  for (;;) {
    const rows = await inTransaction(pool, async (q) => {
      const { rows } = await q.query<Pick<IntegrationRow, 'account_id' | 'provider' | 'tokens_sealed'>>(
        `select account_id, provider, tokens_sealed from integrations
          where split_part(tokens_sealed, '.', 1) <> $1 and (account_id, provider) > ($2, $3)
          order by account_id, provider
          limit $4
          for update`,
        [current, after.accountId, after.provider, batchSize],
      );
      for (const row of rows) {
        const place = tokenPlace(row.account_id, row.provider);
        let plain: string;
        try {
          plain = open(ring, row.tokens_sealed, place);
        } catch (error) {
          if (!(error instanceof SecretError)) throw error;
          outcome.unreadable += 1;
          continue;
        }
        // Re-checked under the lock: the row read is the newest version.
        if (sealedKeyId(row.tokens_sealed) === current) continue;
        await q.query('update integrations set tokens_sealed = $3 where account_id = $1 and provider = $2', [
          row.account_id,
          row.provider,
          seal(ring, plain, place),
        ]);
        outcome.resealed += 1;
      }
      return rows;
    });
    const last = rows.at(-1);
    if (!last) return outcome;
    after = { accountId: last.account_id, provider: last.provider };
  }
}
