import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  addMember,
  count,
  createTestContext,
  databaseFingerprint,
  openNotificationStream,
  signUpCompany,
  type TestContext,
} from '../../test/harness.js';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Opens the notification stream over real HTTP with the agent's cookie; collects its messages. */
const openStream = (agent: Agent) => openNotificationStream(base, agent);

async function setup() {
  const owner = await signUpCompany(t.app, { fullName: 'Olive Owner' });
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [owner.me.account.id]);
  const supervisor = await addMember(t, owner.me.account.id, {
    name: 'Sue Supervisor',
    permissions: { administrative: ['approve', 'see_users'] },
  });
  const dep = await owner.agent.post('/api/departments', {
    departments: [
      { name: 'Sales', approvals: { administrative: ['manage_users'] }, supervised_by: [supervisor.email] },
    ],
  });
  const departmentId = dep.json().ids[0] as string;
  const requester = await addMember(t, owner.me.account.id, {
    name: 'Rex Requester',
    departmentId,
    permissions: { administrative: ['manage_users', 'see_users'] },
  });
  const bystander = await addMember(t, owner.me.account.id, {
    name: 'Ben Bystander',
    permissions: { administrative: ['approve'] },
  });
  return { owner, supervisor, requester, bystander, departmentId };
}

describe('supervisor approvals', () => {
  it('records a request instead of inviting, notifies the supervisor live, and invites on approval', async () => {
    const { supervisor, requester, owner } = await setup();
    const supervisorStream = await openStream(supervisor.agent);
    const requesterStream = await openStream(requester.agent);
    const users = await count(t.services.pool, 'users');
    const res = await requester.agent.post('/api/users', {
      user_name: 'New Hire',
      email_address: 'new.hire@example.com',
      permissions: { operational: ['create_letter'] },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe('In Review');
    const approvalId = res.json().approval_id;
    expect(await count(t.services.pool, 'users')).toBe(users);

    await expect.poll(() => supervisorStream.messages.find((m) => m.type === 'notifications')).toBeTruthy();
    const note = supervisorStream.messages.find((m) => m.type === 'notifications')!;
    expect(note).toMatchObject({
      from: 'Rex Requester',
      details: [
        {
          approval: {
            approval_id: approvalId,
            entity_type: 'user_invite',
            entity_id: 'new.hire@example.com',
            supervised_user: requester.email,
          },
        },
      ],
    });
    const groups = (await supervisor.agent.get('/api/notifications')).json().groups;
    expect(groups[0].details[0].approval.approval_id).toBe(approvalId);

    // Neither the requester, a bystander with `approve`, nor the owner of another company may decide.
    expect(
      (await requester.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'approve' })).statusCode,
    ).toBe(403);
    const other = await signUpCompany(t.app);
    expect(
      (await other.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'approve' })).statusCode,
    ).toBe(404);

    const decided = await supervisor.agent.post('/api/approvals/decide', {
      approval_id: approvalId,
      verdict: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toEqual({ approval_id: approvalId, verdict: 'approve', status: 'Approved' });
    const invited = (await owner.agent.get('/api/users?tab=pending')).json();
    expect(invited.rows.map((r: { email_address: string }) => r.email_address)).toContain('new.hire@example.com');
    await t.runJobs();
    expect((await t.outbox()).some((m) => m.to === 'new.hire@example.com')).toBe(true);
    // The requester hears the verdict; open lists refresh.
    await expect
      .poll(() =>
        requesterStream.messages.some(
          (m) => m.type === 'notifications' && m.details[0]?.description.includes('approved'),
        ),
      )
      .toBe(true);
    await expect
      .poll(() => requesterStream.messages.some((m) => m.type === 'refresh' && m.entities.includes('users')))
      .toBe(true);
    // The settled request leaves the supervisor's panel.
    expect((await supervisor.agent.get('/api/notifications/count')).json().count).toBe(0);

    const twice = await supervisor.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'deny' });
    expect(twice.statusCode).toBe(409);
    supervisorStream.close();
    requesterStream.close();
  });

  it('does nothing when denied, and refuses a supervisor of no department of the request', async () => {
    const { supervisor, requester, bystander } = await setup();
    const res = await requester.agent.post('/api/users', {
      user_name: 'Not Hired',
      email_address: 'not.hired@example.com',
      permissions: {},
    });
    const approvalId = res.json().approval_id;
    expect(
      (await bystander.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'approve' })).statusCode,
    ).toBe(403);
    const denied = await supervisor.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'deny' });
    expect(denied.json().status).toBe('Denied by Supervisor');
    const { rows } = await t.services.pool.query(`select 1 from users where email = 'not.hired@example.com'`);
    expect(rows).toHaveLength(0);
    expect(
      (await supervisor.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'sideways' }))
        .statusCode,
    ).toBe(422);
  });

  it("carries only the user's own company's events and ends a deleted member's stream", async () => {
    const a = await setup();
    const b = await setup();
    const streamA = await openStream(a.requester.agent);
    const streamB = await openStream(b.requester.agent);
    await a.owner.agent.post('/api/users', {
      user_name: 'Only A',
      email_address: 'only.a@example.com',
      permissions: {},
    });
    await expect.poll(() => streamA.messages.some((m) => m.type === 'refresh')).toBe(true);
    expect(streamB.messages.some((m) => m.type === 'refresh')).toBe(false);
    await a.owner.agent.delete(`/api/users/${a.requester.userId}`);
    await expect
      .poll(() => streamA.messages.some((m) => m.type === 'auth_message' && m.message === 'session_expired'))
      .toBe(true);
    await expect.poll(() => streamA.isEnded()).toBe(true);
    streamB.close();
  });

  it('sends an edit to approval like an invitation, changes nothing until it is approved, and then applies it', async () => {
    const { owner, supervisor, requester } = await setup();
    const member = await addMember(t, owner.me.account.id, { permissions: { operational: ['create_letter'] } });
    const edit = { roles: ['Editor'], permissions: { operational: ['manage_letterheads'] } };
    const abilitiesOf = async () => (await member.agent.get('/api/me')).json().abilities;
    const asked = await requester.agent.request('PUT', `/api/users/${member.userId}`, edit);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'In Review' });
    expect(asked.json().message).toContain(member.email);
    expect(await abilitiesOf()).toEqual(['create_letter']);
    const groups = (await supervisor.agent.get('/api/notifications')).json().groups;
    expect(groups[0].details[0].approval).toMatchObject({
      approval_id: asked.json().approval_id,
      entity_type: 'user_edit',
      entity_id: member.userId,
      supervised_user: requester.email,
    });

    // Denied: nothing changes.
    const denied = await supervisor.agent.post('/api/approvals/decide', {
      approval_id: asked.json().approval_id,
      verdict: 'deny',
    });
    expect(denied.statusCode).toBe(200);
    expect(await abilitiesOf()).toEqual(['create_letter']);

    // Approved: the edit as asked for is applied, with its audit row.
    const again = await requester.agent.request('PUT', `/api/users/${member.userId}`, edit);
    const approved = await supervisor.agent.post('/api/approvals/decide', {
      approval_id: again.json().approval_id,
      verdict: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await abilitiesOf()).toEqual(['manage_letterheads']);
    expect((await owner.agent.get(`/api/users/${member.userId}`)).json().roles).toEqual(['Editor']);
    const { rows } = await t.services.pool.query(
      `select actor_email from audit_log where account_id = $1 and action = 'user.edited' and entity_id = $2`,
      [owner.me.account.id, member.userId],
    );
    expect(rows).toEqual([{ actor_email: supervisor.email }]);
  });

  it('sends a removal to approval too: the member stays until it is approved', async () => {
    const { owner, supervisor, requester } = await setup();
    const member = await addMember(t, owner.me.account.id, { permissions: { operational: ['create_letter'] } });
    const asked = await requester.agent.delete(`/api/users/${member.userId}`);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'In Review' });
    expect(asked.json().message).toContain(member.email);
    expect((await owner.agent.get(`/api/users/${member.userId}`)).statusCode).toBe(200);
    // The owner cannot be the subject of a removal request, nor can the requester themselves.
    for (const target of [owner.me.user.id, requester.userId]) {
      const before = await databaseFingerprint(t.services.pool);
      expect((await requester.agent.delete(`/api/users/${target}`)).statusCode).toBe(403);
      expect(await databaseFingerprint(t.services.pool)).toBe(before);
    }
    const approved = await supervisor.agent.post('/api/approvals/decide', {
      approval_id: asked.json().approval_id,
      verdict: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await owner.agent.get(`/api/users/${member.userId}`)).statusCode).toBe(404);
    const { rows } = await t.services.pool.query(
      `select actor_email from audit_log where account_id = $1 and action = 'user.deleted' and entity_id = $2`,
      [owner.me.account.id, member.userId],
    );
    expect(rows).toEqual([{ actor_email: supervisor.email }]);
  });

  it('never asks for approval of what cannot be done, and a supervisor cannot approve a change to themselves', async () => {
    const { owner, supervisor, requester } = await setup();
    const member = await addMember(t, owner.me.account.id, { permissions: { operational: ['create_letter'] } });
    // The owner, oneself, the owner's role and unknown departments are refused before any request is recorded.
    for (const [target, body, status] of [
      [owner.me.user.id, { roles: [], permissions: {} }, 403],
      [requester.userId, { roles: [], permissions: {} }, 403],
      [member.userId, { roles: ['owner'], permissions: {} }, 422],
      [member.userId, { roles: [], permissions: {}, department: 'Nowhere' }, 422],
    ] as const) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await requester.agent.request('PUT', `/api/users/${target}`, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(await databaseFingerprint(t.services.pool)).toBe(before);
    }
    // A change to the supervisor waits for someone else: they cannot approve it, the owner can.
    const asked = await requester.agent.request('PUT', `/api/users/${supervisor.userId}`, {
      roles: ['Supervisor'],
      permissions: { administrative: ['approve', 'manage_users'] },
    });
    expect(asked.statusCode).toBe(202);
    const approvalId = asked.json().approval_id;
    const own = await supervisor.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve a change to your own account.');
    expect((await supervisor.agent.get('/api/me')).json().abilities).not.toContain('manage_users');
    const byOwner = await owner.agent.post('/api/approvals/decide', { approval_id: approvalId, verdict: 'approve' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect((await supervisor.agent.get('/api/me')).json().abilities).toContain('manage_users');
  });

  it('refuses the stream without a session', async () => {
    const res = await fetch(`${base}/api/notifications/stream`);
    expect(res.status).toBe(401);
  });
});
