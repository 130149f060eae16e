import { INTEGRATION_IMPORT_MAX, isUkPostcodeFormat } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTACTS, demoContacts } from '../../providers/integrations/sandbox-data.js';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { connect } from '../../test/integrations.js';

/**
 * A larger demo company (INTEGRATIONS_SANDBOX_CONTACTS): the 30 written-out customers, then made-up
 * ones, the same in every process, paged by each provider as the real API pages, and imported in
 * the slices the web page sends; a second import updates every one and duplicates none.
 */

describe('the made-up customers', () => {
  it('are varied, valid and the same every time', () => {
    const a = demoContacts(2_000);
    const b = demoContacts(2_000);
    expect(a).toHaveLength(2_000);
    expect(a.slice(0, 30)).toEqual(DEMO_CONTACTS);
    expect(JSON.stringify(a)).toBe(JSON.stringify(demoContacts(2_001).slice(0, 2_000)));
    expect(b[1_234]).toEqual(a[1_234]);
    const made = a.slice(30);
    expect(made.every((c) => isUkPostcodeFormat(c.postcode))).toBe(true);
    expect(made.every((c) => c.name.length > 3 && c.lines.length > 0 && c.town)).toBe(true);
    const emails = made.flatMap((c) => (c.email ? [c.email] : []));
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.every((e) => /^[a-z0-9.]+@[a-z0-9.]+$/.test(e))).toBe(true);
    const share = (f: (c: (typeof made)[number]) => boolean) => made.filter(f).length / made.length;
    expect(share((c) => !c.email)).toBeGreaterThan(0.08);
    expect(share((c) => !c.email)).toBeLessThan(0.25);
    expect(share((c) => c.name.includes("'"))).toBeGreaterThan(0.05);
    expect(share((c) => /[^\p{ASCII}]/u.test(c.name))).toBeGreaterThan(0.2);
    expect(share((c) => c.firstName === null)).toBeGreaterThan(0.1);
    expect(new Set(made.map((c) => c.town)).size).toBeGreaterThan(15);
  });
});

describe('a demo company of 250 customers', () => {
  let t: TestContext;
  let owner: Agent;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestContext({
      INTEGRATIONS_SANDBOX_CONTACTS: '250',
      // Sage is read one contact a call (100 a minute): its limits count per second here.
      INTEGRATIONS_SANDBOX_RATE_WINDOW_MS: '1000',
    });
    const a = await signUpCompany(t.app, { companyName: 'Ffion & Łukasz Lettings' });
    owner = a.agent;
    accountId = a.me.account.id;
    await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [accountId]);
  });
  afterAll(() => t.close());

  it.each(['xero', 'quickbooks', 'sage'] as const)(
    '%s pages all of them, then imports them in slices',
    async (provider) => {
      await connect(t, owner, provider);
      const ids: string[] = [];
      const names: string[] = [];
      let pages = 0;
      for (let page: number | null = 1; page; pages++) {
        const res = await owner.get(`/api/integrations/${provider}/contacts?page=${page}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as {
          contacts: Array<{ external_id: string; recipient: string }>;
          next_page: number | null;
        };
        ids.push(...body.contacts.map((c) => c.external_id));
        names.push(...body.contacts.map((c) => c.recipient));
        page = body.next_page;
      }
      expect(pages).toBe(3);
      expect(new Set(ids).size).toBe(250);
      expect(names).toContain("Siobhan O'Neill");
      expect(new Set(names)).toEqual(new Set(demoContacts(250).map((c) => c.name)));

      const before = await t.services.pool.query('select count(*)::int as n from customers where account_id = $1', [
        accountId,
      ]);
      let created = 0;
      for (let at = 0; at < ids.length; at += INTEGRATION_IMPORT_MAX) {
        const res = await owner.post(`/api/integrations/${provider}/contacts/import`, {
          ids: ids.slice(at, at + INTEGRATION_IMPORT_MAX),
        });
        expect(res.statusCode, res.body).toBe(200);
        created += res.json().created;
      }
      const after = await t.services.pool.query('select count(*)::int as n from customers where account_id = $1', [
        accountId,
      ]);
      // The first provider makes 250 customers; the others find them (by email, or name and postcode).
      expect(after.rows[0].n).toBe(250);
      expect(created).toBe(250 - before.rows[0].n);
      const again = await owner.post(`/api/integrations/${provider}/contacts/import`, { ids: ids.slice(0, 100) });
      // A second import keeps the matched customers as they are unless asked to update them (issue 27 item 9).
      expect(again.json()).toMatchObject({ created: 0, updated: 0, kept: 100 });
    },
  );
});
