import type { WebhookEventType } from '@lp/domain';
import type pg from 'pg';
import type { Narrow } from '../../platform/db/row.js';
import type { WebhookEndpointRow } from '../../platform/db/rows.js';

/** An endpoint as the company sees it: never its secret. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
}

type EndpointListRow = Narrow<
  Pick<
    WebhookEndpointRow,
    'id' | 'url' | 'events' | 'created_at' | 'disabled_at' | 'disabled_reason' | 'failing_since'
  >,
  { events: WebhookEventType[] }
>;

const COLUMNS = 'id, url, events, created_at, disabled_at, disabled_reason, failing_since from webhook_endpoints';
const iso = (d: Date | null) => d?.toISOString() ?? null;

function toView(r: EndpointListRow): WebhookEndpointView {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    enabled: r.disabled_at === null,
    disabled_at: iso(r.disabled_at),
    disabled_reason: r.disabled_reason,
    failing_since: iso(r.failing_since),
    created_at: r.created_at.toISOString(),
  };
}

/** The company's endpoints, newest first (at most WEBHOOK_ENDPOINTS_MAX). */
export async function listWebhookEndpoints(
  q: pg.Pool | pg.ClientBase,
  accountId: string,
): Promise<WebhookEndpointView[]> {
  const { rows } = await q.query<EndpointListRow>(
    `select ${COLUMNS} where account_id = $1 order by created_at desc, id`,
    [accountId],
  );
  return rows.map(toView);
}

/** One endpoint of the company; null when it is another company's or none. */
export async function getWebhookEndpoint(
  q: pg.Pool | pg.ClientBase,
  accountId: string,
  id: string,
): Promise<WebhookEndpointView | null> {
  const { rows } = await q.query<EndpointListRow>(`select ${COLUMNS} where id = $1 and account_id = $2`, [
    id,
    accountId,
  ]);
  return rows[0] ? toView(rows[0]) : null;
}
