import type { IntegrationProviderId } from '@lp/domain';
import { expect } from 'vitest';
import type { Agent, TestContext } from './harness.js';

/** The hidden fields of the sandbox's consent form. */
export function consentFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const unhtml = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = unhtml(m[2]!);
  return fields;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/**
 * What a browser does between Connect and the return page: opens the consent page, presses Allow
 * (or Deny), follows the redirect. Answers the return page's query (code, state, realmId or error).
 */
export async function consent(t: TestContext, agent: Agent, provider: IntegrationProviderId, decision = 'allow') {
  const started = await agent.post(`/api/integrations/${provider}/connect`);
  expect(started.statusCode, started.body).toBe(200);
  const url = started.json().url as string;
  const page = await agent.get(pathOf(url));
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const fields = consentFields(page.body);
  const posted = await t.app.inject({
    method: 'POST',
    url: `/api/integrations/sandbox/${provider}/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, decision }).toString(),
  });
  expect(posted.statusCode, posted.body).toBe(303);
  const back = new URL(posted.headers.location as string);
  return { url, page: page.body, back, query: Object.fromEntries(back.searchParams) };
}

/** Connect → consent → redirect: the provider connected for the agent's company. */
export async function connect(t: TestContext, agent: Agent, provider: IntegrationProviderId) {
  const { query } = await consent(t, agent, provider);
  const res = await agent.post(`/api/integrations/${provider}/redirect`, {
    auth_code: query.code,
    state: query.state,
    additional_info: query.realmId ? { realmId: query.realmId } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { provider: string; connected: true; message: string; tenant_name: string };
}
