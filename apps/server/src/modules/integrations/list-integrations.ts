import { INTEGRATION_PROVIDERS, type IntegrationAnswer, planHasFeature } from '@lp/domain';
import type pg from 'pg';
import type { IntegrationRow } from '../../platform/db/rows.js';

/** Every provider with the company's connection to it (decision 0021, step 6); never a token. */
export async function listIntegrations(
  pool: pg.Pool,
  accountId: string,
  plan: string | null,
): Promise<IntegrationAnswer[]> {
  const { rows } = await pool.query<
    Pick<IntegrationRow, 'provider' | 'status' | 'auto_sync' | 'sync_uploads' | 'tenant_name' | 'connected_at'>
  >(
    `select provider, status, auto_sync, sync_uploads, tenant_name, connected_at from integrations where account_id = $1`,
    [accountId],
  );
  return INTEGRATION_PROVIDERS.map((info) => {
    const row = rows.find((r) => r.provider === info.id);
    return {
      provider: info.id,
      name: info.name,
      snakeCaseProviderName: info.snakeCaseProviderName,
      description: info.description,
      kind: info.kind,
      logo: info.id,
      connected: row?.status === 'connected',
      status: row?.status ?? null,
      auto_sync: row?.auto_sync ?? false,
      sync_uploads: row?.sync_uploads ?? false,
      tenant_name: row?.tenant_name ?? null,
      connected_at: row?.connected_at.toISOString() ?? null,
      plan_allows: planHasFeature(plan ?? '', info.planFeature),
    };
  });
}
