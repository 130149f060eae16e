import { DELIVERY_PREFERENCES_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveEvent, onLocalPublish } from '../../platform/events.js';
import { addMember, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

const URL = '/api/accounts/settings/letters';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DEFAULTS = {
  delivery_preferences: {
    autoSend: false,
    mail: { print: 'colour', service: 'premium', omit: false },
    email: { kind: 'attachment', omit: false },
  },
  letters: { delivery: { mail: { omit: false }, email: { omit: false } } },
  letter_postage_preferences: { premium: true, color: true },
};

const CHOSEN = {
  autoSend: true,
  mail: { print: 'black_and_white', service: 'standard', omit: true },
  email: { kind: 'link', omit: false },
};

async function stored(accountId: string) {
  const { rows } = await t.services.pool.query('select preferences from accounts where id = $1', [accountId]);
  return rows[0].preferences;
}

async function auditRows(accountId: string) {
  const { rows } = await t.services.pool.query(
    `select action, entity_type, before, after from audit_log where account_id = $1 and action = 'account.delivery_preferences' order by id`,
    [accountId],
  );
  return rows;
}

describe('letter delivery preferences', () => {
  it('answers the defaults in both representations to any member when nothing is stored', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const res = await agent.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
    const member = await addMember(t, me.account.id, { permissions: {} });
    const asMember = await member.agent.get(URL);
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.json()).toEqual(DEFAULTS);
  });

  it('saves, audits, publishes a refresh and reads them back', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const events: LiveEvent[] = [];
    const stop = onLocalPublish((e) => {
      if (e.accountId === me.account.id) events.push(e);
    });
    const res = await agent.request('PUT', URL, { delivery_preferences: CHOSEN });
    stop();
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      delivery_preferences: CHOSEN,
      letters: { delivery: { mail: { omit: true }, email: { omit: false } } },
      letter_postage_preferences: { premium: false, color: false },
    };
    expect(res.json()).toEqual({ message: DELIVERY_PREFERENCES_MESSAGES.saved, ...expected });
    expect((await agent.get(URL)).json()).toEqual(expected);
    expect((await stored(me.account.id)).delivery).toEqual(CHOSEN);
    expect(await auditRows(me.account.id)).toEqual([
      {
        action: 'account.delivery_preferences',
        entity_type: 'account',
        before: DEFAULTS.delivery_preferences,
        after: CHOSEN,
      },
    ]);
    expect(events.map((e) => e.message)).toContainEqual({ type: 'refresh', entities: ['me', 'settings'] });

    // A member with manage_company saves them too; fields left out take their defaults.
    const manager = await addMember(t, me.account.id, { permissions: { administrative: ['manage_company'] } });
    const partial = await manager.agent.request('PUT', URL, {
      delivery_preferences: { mail: { service: 'standard' } },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().delivery_preferences).toEqual({
      ...DEFAULTS.delivery_preferences,
      mail: { ...DEFAULTS.delivery_preferences.mail, service: 'standard' },
    });
  });

  it('turns omit-mail off when both omit flags arrive on', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const both = { ...CHOSEN, mail: { ...CHOSEN.mail, omit: true }, email: { ...CHOSEN.email, omit: true } };
    const res = await agent.request('PUT', URL, { delivery_preferences: both });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery_preferences.mail.omit).toBe(false);
    expect(res.json().delivery_preferences.email.omit).toBe(true);
    expect(res.json().letters).toEqual({ delivery: { mail: { omit: false }, email: { omit: true } } });
    expect((await stored(me.account.id)).delivery.mail.omit).toBe(false);
    expect((await agent.get(URL)).json().delivery_preferences.mail.omit).toBe(false);
  });

  it('refuses a member without manage_company (403) and changes nothing', async () => {
    const { me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id, {
      permissions: { administrative: ['manage_users'], operational: ['send_letter'] },
    });
    const before = await stored(me.account.id);
    const res = await member.agent.request('PUT', URL, { delivery_preferences: CHOSEN });
    expect(res.statusCode, res.body).toBe(403);
    expect(await stored(me.account.id)).toEqual(before);
    expect(await auditRows(me.account.id)).toEqual([]);
    expect((await member.agent.get(URL)).json()).toEqual(DEFAULTS);
  });

  it('refuses bad values with 422 and the field path, and changes nothing', async () => {
    const { agent, me } = await signUpCompany(t.app);
    expect((await agent.request('PUT', URL, { delivery_preferences: CHOSEN })).statusCode).toBe(200);
    const before = await stored(me.account.id);
    const cases: Array<[unknown, string]> = [
      [
        { delivery_preferences: { ...CHOSEN, mail: { ...CHOSEN.mail, service: 'express' } } },
        'delivery_preferences.mail.service',
      ],
      [
        { delivery_preferences: { ...CHOSEN, mail: { ...CHOSEN.mail, print: 'sepia' } } },
        'delivery_preferences.mail.print',
      ],
      [
        { delivery_preferences: { ...CHOSEN, email: { ...CHOSEN.email, kind: 'fax' } } },
        'delivery_preferences.email.kind',
      ],
      [{ delivery_preferences: { ...CHOSEN, autoSend: 'true' } }, 'delivery_preferences.autoSend'],
      [
        { delivery_preferences: { ...CHOSEN, email: { ...CHOSEN.email, omit: 'no' } } },
        'delivery_preferences.email.omit',
      ],
      [{ delivery_preferences: { ...CHOSEN, mail: { ...CHOSEN.mail, service: 'premium\u0000' } } }, ''],
      [{ delivery_preferences: { ...CHOSEN, colour: true } }, 'delivery_preferences'],
      [{ delivery_preferences: { ...CHOSEN, mail: { ...CHOSEN.mail, sepia: true } } }, 'delivery_preferences.mail'],
      [{ delivery_preferences: CHOSEN, extra: 1 }, ''],
      [{}, ''],
      [{ delivery_preferences: null }, 'delivery_preferences'],
    ];
    for (const [body, path] of cases) {
      const res = await agent.request('PUT', URL, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
      if (path)
        expect(
          res.json().fields?.map((f: { path: string }) => f.path),
          JSON.stringify(body),
        ).toContain(path);
    }
    expect(await stored(me.account.id)).toEqual(before);
    expect(await auditRows(me.account.id)).toHaveLength(1);
  });

  it("leaves another company's preferences untouched", async () => {
    const a = await signUpCompany(t.app);
    const b = await signUpCompany(t.app);
    const bChosen = {
      ...CHOSEN,
      autoSend: false,
      email: { kind: 'link', omit: true },
      mail: { ...CHOSEN.mail, omit: false },
    };
    expect((await b.agent.request('PUT', URL, { delivery_preferences: bChosen })).statusCode).toBe(200);
    const bBefore = await stored(b.me.account.id);
    expect((await a.agent.request('PUT', URL, { delivery_preferences: CHOSEN })).statusCode).toBe(200);
    expect(await stored(b.me.account.id)).toEqual(bBefore);
    expect((await b.agent.get(URL)).json().delivery_preferences).toEqual(bChosen);
    expect((await a.agent.get(URL)).json().delivery_preferences).toEqual(CHOSEN);
  });

  it('keeps the other keys of accounts.preferences', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await t.services.pool.query(`update accounts set preferences = '{"other": {"kept": true}}'::jsonb where id = $1`, [
      me.account.id,
    ]);
    expect((await agent.request('PUT', URL, { delivery_preferences: CHOSEN })).statusCode).toBe(200);
    expect(await stored(me.account.id)).toEqual({ other: { kept: true }, delivery: CHOSEN });
  });
});
