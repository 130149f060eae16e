import { ADMIN_MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  count,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';
import { reserveSpend, spentThisMonth } from './spend.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const byKind = (administrative: string[] = [], operational: string[] = [], observable: string[] = []) => ({
  operational,
  observable,
  administrative,
});

describe('users', () => {
  it('answers a stored permission the catalogue no longer has by leaving it out, never with a 500', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const member = await agent.post('/api/users', {
      user_name: 'Old Grant',
      email_address: 'old.grant@example.com',
      roles: ['Contributor'],
      permissions: byKind([], ['create_letter'], ['see_letters']),
    });
    expect(member.statusCode).toBe(201);
    await t.services.pool.query(
      `update users set permissions = '{"operational": ["create_letter", "fax_letter"], "observable": ["see_letters"]}'
        where account_id = $1 and email = 'old.grant@example.com'`,
      [me.account.id],
    );
    const list = await agent.get('/api/users?tab=pending');
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().rows.find((r: { email_address: string }) => r.email_address === 'old.grant@example.com');
    expect(row.permissions.operational).toEqual(['create_letter']);
  });

  it('invites a colleague: the invitee exists pending, gets the email, and an audit row is written', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const res = await agent.post('/api/users', {
      user_name: 'Grace Hopper',
      email_address: 'Grace.H@example.com',
      roles: ['Contributor'],
      permissions: byKind([], ['create_letter'], ['see_letters']),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Grace Hopper has been invited to your company!');
    expect(res.json().user).toMatchObject({
      email_address: 'grace.h@example.com',
      accepted_invite: false,
      roles: ['Contributor'],
    });
    await t.runJobs();
    const mail = (await t.outbox()).find((m) => m.to === 'grace.h@example.com')!;
    expect(mail.links[0]).toMatch(new RegExp(`/invited/signUp/[^/]+/${me.account.id}$`));
    const pending = (await agent.get('/api/users?tab=pending')).json();
    expect(pending.rows.map((r: { email_address: string }) => r.email_address)).toEqual(['grace.h@example.com']);
    const { rows } = await t.services.pool.query(
      `select action, after->>'email_address' as email from audit_log where account_id = $1`,
      [me.account.id],
    );
    expect(rows).toContainEqual({ action: 'user.invited', email: 'grace.h@example.com' });
  });

  it('gives a ticked role its defaults when nothing is selected', async () => {
    const { agent } = await signUpCompany(t.app);
    const res = await agent.post('/api/users', {
      user_name: 'Rose Default',
      email_address: 'rose.default@example.com',
      roles: ['Contributor'],
      permissions: byKind(),
    });
    // Decision 0012: "Create and send letters and parcels" and "See letters & parcels".
    expect(res.json().user.permissions).toEqual(
      byKind([], ['create_letter', 'create_parcel', 'send_letter', 'delete_letter'], ['see_letters', 'see_parcels']),
    );
  });

  it('grants what a task implies, so nobody gets a task whose results they cannot see', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const res = await agent.post('/api/users', {
      user_name: 'Paul Parcel',
      email_address: `paul.${me.account.id.slice(0, 6)}@example.com`,
      roles: ['Contributor'],
      permissions: byKind(['manage_recipients'], ['create_parcel']),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.permissions).toEqual(
      byKind(['manage_recipients'], ['create_parcel'], ['see_parcels', 'see_recipients']),
    );
    const member = await addMember(t, me.account.id);
    const edit = await agent.request('PUT', `/api/users/${member.userId}`, {
      roles: ['Admin'],
      permissions: byKind(['manage_users', 'set_spending_cap'], ['send_letter']),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await member.agent.get('/api/me')).json().abilities).toEqual([
      'send_letter',
      'see_letters',
      'see_finances',
      'see_users',
      'set_spending_cap',
      'manage_users',
    ]);
  });

  it.each([
    [['owner'], ADMIN_MESSAGES.roleOwner],
    [['Editor', 'Owner'], ADMIN_MESSAGES.roleOwner],
    [['superuser'], ADMIN_MESSAGES.roleUnknown],
    [['<img src=x onerror=alert(1)>'], ADMIN_MESSAGES.roleUnknown],
  ])(
    'refuses the roles %j in an invitation and an edit (422, nothing changed), even from the owner',
    async (roles, message) => {
      const { agent, me } = await signUpCompany(t.app);
      const admin = await addMember(t, me.account.id, { permissions: byKind(['manage_users', 'see_users']) });
      const member = await addMember(t, me.account.id, { permissions: byKind([], ['create_letter']) });
      for (const caller of [admin.agent, agent]) {
        const before = await databaseFingerprint(t.services.pool);
        const invited = await caller.post('/api/users', {
          user_name: 'Mallory Made',
          email_address: `mallory.${me.account.id.slice(0, 6)}@example.com`,
          roles,
          permissions: byKind(),
        });
        expect(invited.statusCode).toBe(422);
        expect(invited.json().fields).toContainEqual({ path: `roles.${roles.length - 1}`, message });
        // The name is never echoed back into the answer.
        expect(invited.body).not.toContain('<img');
        const edited = await caller.request('PUT', `/api/users/${member.userId}`, {
          roles,
          permissions: byKind(['manage_users']),
          approvals: byKind(),
        });
        expect(edited.statusCode).toBe(422);
        expect(edited.json().fields).toContainEqual({ path: `roles.${roles.length - 1}`, message });
        expect(await databaseFingerprint(t.services.pool)).toBe(before);
      }
      // The member holds what they held: no ability gained, the owner's audit log still closed to them.
      expect((await member.agent.get('/api/me')).json().abilities).toEqual(['create_letter']);
      expect((await member.agent.get('/api/audit')).statusCode).toBe(403);
      expect((await agent.get(`/api/users/${member.userId}`)).json()).toMatchObject({ roles: [], is_owner: false });
    },
  );

  it('refuses an owner role however an invitation is created (the CLI and approvals share it)', async () => {
    const { me } = await signUpCompany(t.app);
    const { createInvitation } = await import('../identity/create-invitation.js');
    for (const roles of [['owner'], ['Admin', 'root']]) {
      const before = await databaseFingerprint(t.services.pool);
      await expect(
        createInvitation(t.services.pool, {
          accountId: me.account.id,
          invitedBy: null,
          email: `cli.${me.account.id.slice(0, 6)}@example.com`,
          fullName: 'Cli Person',
          roles,
          ttlDays: 1,
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await databaseFingerprint(t.services.pool)).toBe(before);
    }
  });

  it.each([
    [{ user_name: 'R2-D2!', email_address: 'r2@example.com' }, 'user_name', ADMIN_MESSAGES.inviteNameInvalid],
    [{ user_name: '', email_address: 'r2@example.com' }, 'user_name', ADMIN_MESSAGES.inviteNameRequired],
    [{ user_name: 'Artoo', email_address: 'nope' }, 'email_address', ADMIN_MESSAGES.inviteEmailInvalid],
    [{ user_name: 'Artoo', email_address: '' }, 'email_address', ADMIN_MESSAGES.inviteEmailRequired],
    [
      { user_name: 'Artoo', email_address: 'r2@example.com', permissions: byKind(['fly']) },
      'permissions.administrative.0',
      ADMIN_MESSAGES.permissionUnknown,
    ],
  ])('refuses an invalid invitation %# with the spec message and changes nothing', async (body, path, message) => {
    const { agent } = await signUpCompany(t.app);
    const users = await count(t.services.pool, 'users');
    const res = await agent.post('/api/users', { permissions: byKind(), ...body });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toContainEqual({ path, message });
    expect(await count(t.services.pool, 'users')).toBe(users);
  });

  it('lists members sorted by name with search, filters, pages and a count', async () => {
    const { agent, me } = await signUpCompany(t.app, { fullName: 'Zed Owner' });
    for (const name of ['Carol Chen', 'alice Able', 'Bob Brown', 'Dan Dare']) {
      await agent.post('/api/users', {
        user_name: name,
        email_address: `${name.split(' ')[0]!.toLowerCase()}.${me.account.id.slice(0, 6)}@example.com`,
        roles: ['Editor'],
        permissions: byKind(),
      });
    }
    const page0 = (await agent.get('/api/users?limit=5&page=0')).json();
    expect(page0.count).toBe(5);
    expect(page0.rows.map((r: { user_name: string }) => r.user_name)).toEqual([
      'alice Able',
      'Bob Brown',
      'Carol Chen',
      'Dan Dare',
      'Zed Owner',
    ]);
    const page1 = (await agent.get('/api/users?limit=5&page=1')).json();
    expect(page1.rows).toHaveLength(0);
    const two = (await agent.get('/api/users?limit=5&page=0&search=bo')).json();
    expect(two.rows.map((r: { user_name: string }) => r.user_name)).toEqual(['Bob Brown']);
    const wild = (await agent.get('/api/users?search=%25')).json();
    expect(wild.count).toBe(0);
    const owners = (await agent.get('/api/users?filter.role=owner')).json();
    expect(owners.rows.map((r: { user_name: string; is_self: boolean }) => [r.user_name, r.is_self])).toEqual([
      ['Zed Owner', true],
    ]);
    expect(owners.filter_options.role).toEqual(['owner', 'Admin', 'Contributor', 'Editor', 'Supervisor']);
    expect((await agent.get('/api/users?limit=7')).statusCode).toBe(422);
  });

  it('applies the Supervisor rule: departments count under a Supervisor only, who always supervises', async () => {
    const { agent, me } = await signUpCompany(t.app);
    await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [me.account.id]);
    const made = await agent.post('/api/departments', {
      departments: [{ name: 'Sales_North' }, { name: 'Comptabilité' }],
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const supervised = async (userId: string) =>
      (
        await t.services.pool.query<{ name: string }>(
          `select d.name from department_supervisors s join departments d on d.id = s.department_id
            where s.user_id = $1 order by d.name`,
          [userId],
        )
      ).rows.map((r) => r.name);
    // A Supervisor with departments ticked and only "See users" checked: supervises them, holds approve.
    const invited = await agent.post('/api/users', {
      user_name: 'Siân Ó Briain',
      email_address: 'sian.obriain@example.com',
      roles: ['Supervisor'],
      permissions: byKind([], [], ['see_users']),
      supervised_departments: ['Sales_North', 'Comptabilité'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const user = invited.json().user;
    expect(user.permissions).toEqual(byKind(['approve'], [], ['see_users']));
    expect(await supervised(user.id)).toEqual(['Comptabilité', 'Sales_North']);
    // Departments sent without the Supervisor role count for nothing.
    const edit = await agent.request('PUT', `/api/users/${user.id}`, {
      roles: ['Editor'],
      permissions: byKind([], ['manage_letterheads']),
      supervised_departments: ['Comptabilité'],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().user.supervised_departments).toEqual([]);
    expect(await supervised(user.id)).toEqual([]);
  });

  it('edits a member; nobody edits or deletes themselves or the owner', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const admin = await addMember(t, me.account.id, { permissions: byKind(['manage_users', 'see_users']) });
    const member = await addMember(t, me.account.id, { permissions: byKind([], ['create_letter']) });
    const edit = await admin.agent.request('PUT', `/api/users/${member.userId}`, {
      roles: ['Editor'],
      permissions: byKind([], ['manage_letterheads']),
      approvals: byKind(),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().message).toBe(`User ${member.email} edited successfully`);
    expect((await member.agent.get('/api/me')).json().abilities).toEqual(['manage_letterheads']);
    const self = await admin.agent.request('PUT', `/api/users/${admin.userId}`, {
      roles: [],
      permissions: byKind(['manage_users']),
    });
    expect(self.statusCode).toBe(403);
    expect((await admin.agent.delete(`/api/users/${me.user.id}`)).statusCode).toBe(403);
    expect((await agent.delete(`/api/users/${me.user.id}`)).statusCode).toBe(403);
  });

  it('deletes a member: their sessions end at once', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id, { permissions: byKind([], ['create_letter']) });
    expect((await member.agent.get('/api/me')).statusCode).toBe(200);
    expect((await agent.delete(`/api/users/${member.userId}`)).statusCode).toBe(204);
    expect((await member.agent.get('/api/me')).statusCode).toBe(401);
    expect((await agent.get(`/api/users/${member.userId}`)).statusCode).toBe(404);
  });
});

describe('spending caps', () => {
  it('sets caps in pence, reads them back with the month spent, rounds to whole pence and refuses negatives', async () => {
    const { agent, me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id);
    const set = await agent.request('PUT', `/api/users/${member.userId}/spending-cap`, { cap: 2550, override_cap: 0 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      message: "Member's spending cap updated successfully",
      cap: 2550,
      override_cap: 0,
      amount_spent: 0,
    });
    await reserveSpend(t.services.pool, member.userId, 1000);
    expect((await agent.get(`/api/users/${member.userId}/spending-cap`)).json()).toMatchObject({
      cap: 2550,
      amount_spent: 1000,
    });
    expect((await member.agent.get(`/api/users/${member.userId}/spending-cap`)).statusCode).toBe(200);
    const negative = await agent.request('PUT', `/api/users/${member.userId}/spending-cap`, {
      cap: -1,
      override_cap: 0,
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().fields[0].message).toBe(ADMIN_MESSAGES.capNegative);
    expect((await agent.get(`/api/users/${member.userId}/spending-cap`)).json().cap).toBe(2550);
    // Part 1 section 5: values are rounded to at most 2 decimals (of pounds: whole pence).
    const fraction = await agent.request('PUT', `/api/users/${member.userId}/spending-cap`, {
      cap: 1234.5,
      override_cap: 99.4,
    });
    expect(fraction.statusCode, fraction.body).toBe(200);
    expect(fraction.json()).toMatchObject({ cap: 1235, override_cap: 99 });
    expect((await agent.get(`/api/users/${member.userId}/spending-cap`)).json()).toMatchObject({
      cap: 1235,
      override_cap: 99,
    });
  });

  it("refuses anyone changing their own cap, and any member setting the owner's (403, nothing changed)", async () => {
    const { agent, me } = await signUpCompany(t.app);
    const finance = await addMember(t, me.account.id, { permissions: byKind(['set_spending_cap', 'see_users']) });
    await t.services.pool.query('update users set cap_pence = 500 where id = $1', [finance.userId]);
    const cases = [
      [finance.agent, finance.userId, ADMIN_MESSAGES.capOwnRefused],
      [finance.agent, me.user.id, ADMIN_MESSAGES.capOwnerRefused],
      [agent, me.user.id, ADMIN_MESSAGES.capOwnRefused],
    ] as const;
    for (const [caller, target, message] of cases) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await caller.request('PUT', `/api/users/${target}/spending-cap`, { cap: 0, override_cap: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
      expect(await databaseFingerprint(t.services.pool)).toBe(before);
    }
    // Their own cap still reads, and the owner still caps the member.
    expect((await finance.agent.get(`/api/users/${finance.userId}/spending-cap`)).json().cap).toBe(500);
    const byOwner = await agent.request('PUT', `/api/users/${finance.userId}/spending-cap`, {
      cap: 0,
      override_cap: 0,
    });
    expect(byOwner.statusCode).toBe(200);
  });

  it('lets a non-zero override cap take precedence, and 0 mean Unlimited', async () => {
    const { me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id);
    await t.services.pool.query('update users set cap_pence = 100, override_cap_pence = 500 where id = $1', [
      member.userId,
    ]);
    expect((await reserveSpend(t.services.pool, member.userId, 400)).ok).toBe(true);
    expect((await reserveSpend(t.services.pool, member.userId, 200)).ok).toBe(false);
    await t.services.pool.query('update users set cap_pence = 0, override_cap_pence = 0 where id = $1', [
      member.userId,
    ]);
    expect((await reserveSpend(t.services.pool, member.userId, 1_000_000)).ok).toBe(true);
  });

  it('200 parallel reservations against a cap that allows 100 succeed exactly 100 times', async () => {
    const { me } = await signUpCompany(t.app);
    const member = await addMember(t, me.account.id);
    await t.services.pool.query('update users set cap_pence = 5000 where id = $1', [member.userId]);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => reserveSpend(t.services.pool, member.userId, 50)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(await spentThisMonth(t.services.pool, member.userId)).toBe(5000);
  });
});
