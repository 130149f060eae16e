import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../platform/events.js';
import {
  type Agent,
  addMember,
  count,
  createTestContext,
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
async function openStream(agent: Agent) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { cookie: agent.cookieHeader() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const messages: LiveMessage[] = [];
  let ended = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let i = buffer.indexOf('\n\n');
        while (i >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) {
              const m = JSON.parse(line.slice(6));
              if (m.type !== 'ping') messages.push(m);
            }
          }
          i = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return { messages, isEnded: () => ended, close: () => controller.abort() };
}

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

  it('refuses the stream without a session', async () => {
    const res = await fetch(`${base}/api/notifications/stream`);
    expect(res.status).toBe(401);
  });
});
