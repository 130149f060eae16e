import { ADMIN_MESSAGES, MESSAGES } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, count, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function businessCompany() {
  const c = await signUpCompany(t.app);
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [c.me.account.id]);
  return c;
}

describe('departments', () => {
  it('needs the plan feature: 426 with the upgrade text on Basic, nothing created', async () => {
    const { agent } = await signUpCompany(t.app);
    const res = await agent.post('/api/departments', { departments: [{ name: 'Sales' }] });
    expect(res.statusCode).toBe(426);
    expect(res.json().message).toBe(MESSAGES.upgradePlan);
    expect(await count(t.services.pool, 'departments')).toBe(0);
  });

  it('creates, lists sorted, shows members, edits and deletes only when empty', async () => {
    const { agent, me } = await businessCompany();
    const created = await agent.post('/api/departments', {
      departments: [
        {
          name: 'sales_team',
          permissions: { operational: ['create_letter'] },
          approvals: { operational: ['create_letter'] },
        },
        { name: 'Accounts 2' },
      ].map((d) => ({ ...d, supervised_by: [] })),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(ADMIN_MESSAGES.departmentsCreated);
    const list = (await agent.get('/api/departments')).json();
    expect(list.rows.map((d: { name: string }) => d.name)).toEqual(['Accounts 2', 'sales_team']);
    expect(list.employees).toBe(1);
    const sales = list.rows[1];
    const member = await addMember(t, me.account.id, {
      departmentId: sales.id,
      permissions: { operational: ['create_letter'] },
    });
    const detail = (await agent.get(`/api/departments/${sales.id}`)).json();
    expect(detail.numMembers).toBe(1);
    expect(detail.members.map((m: { email_address: string }) => m.email_address)).toEqual([member.email]);
    const edit = await agent.request('PUT', `/api/departments/${sales.id}`, {
      name: 'Sales-UK',
      supervised_by: [member.email],
    });
    expect(edit.json().message).toBe(ADMIN_MESSAGES.departmentUpdated);
    expect((await agent.get(`/api/departments/${sales.id}`)).json().supervised_by).toEqual([member.email]);
    const refused = await agent.delete(`/api/departments/${sales.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await agent.delete(`/api/departments/${list.rows[0].id}`)).statusCode).toBe(204);
    const audit = (await agent.get('/api/audit?filter.entity_type=department&limit=10')).json();
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual([
      'department.deleted',
      'department.edited',
      'department.created',
      'department.created',
    ]);
  });

  it.each([
    [{ name: 'Sales & Marketing' }, ADMIN_MESSAGES.departmentNameInvalid],
    [{ name: '' }, MESSAGES.required],
    [{ name: 'Ops', permissions: { operational: ['teleport'] } }, ADMIN_MESSAGES.permissionUnknown],
  ])('refuses invalid department %# with the spec message', async (dep, message) => {
    const { agent } = await businessCompany();
    const res = await agent.post('/api/departments', { departments: [dep] });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.map((f: { message: string }) => f.message)).toContain(message);
  });

  it('refuses a duplicate name in any case, and a supervisor from another company', async () => {
    const { agent } = await businessCompany();
    await agent.post('/api/departments', { departments: [{ name: 'Ops' }] });
    expect((await agent.post('/api/departments', { departments: [{ name: 'OPS' }] })).statusCode).toBe(409);
    const other = await signUpCompany(t.app);
    const res = await agent.post('/api/departments', {
      departments: [{ name: 'Legal', supervised_by: [other.body.email] }],
    });
    expect(res.statusCode).toBe(422);
  });

  it('only the owner reads the audit log', async () => {
    const { me } = await businessCompany();
    const admin = await addMember(t, me.account.id, {
      permissions: { administrative: ['manage_company', 'manage_users'] },
    });
    expect((await admin.agent.get('/api/audit')).statusCode).toBe(403);
  });
});
