import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function seed(accountId: string, userId: string, rows: Array<[string, string, string]>) {
  for (const [id, sender, description] of rows) {
    await t.services.pool.query(
      'insert into notifications (id, account_id, user_id, sender, description) values ($1, $2, $3, $4, $5)',
      [id, accountId, userId, sender, description],
    );
  }
}

describe('notifications', () => {
  it('counts, groups by sender, dismisses one and clears all; only the user’s own', async () => {
    const a = await signUpCompany(t.app);
    const b = await signUpCompany(t.app);
    await seed(a.me.account.id, a.me.user.id, [
      ['a1', 'System', 'Welcome'],
      ['a2', 'Jane Doe', 'Asked for approval'],
      ['a3', 'System', 'Your letter was posted'],
    ]);
    await seed(b.me.account.id, b.me.user.id, [['b1', 'System', 'Other company']]);
    expect((await a.agent.get('/api/notifications/count')).json()).toEqual({ count: 3 });
    expect((await b.agent.get('/api/notifications/count')).json()).toEqual({ count: 1 });
    const { groups } = (await a.agent.get('/api/notifications')).json();
    expect(groups.map((g: { from: string; details: unknown[] }) => [g.from, g.details.length]).sort()).toEqual([
      ['Jane Doe', 1],
      ['System', 2],
    ]);
    // Another user's notification reads as not found and stays.
    expect((await a.agent.delete('/api/notifications/b1')).statusCode).toBe(404);
    expect((await b.agent.get('/api/notifications/count')).json()).toEqual({ count: 1 });
    expect((await a.agent.delete('/api/notifications/a2')).statusCode).toBe(204);
    expect((await a.agent.get('/api/notifications/count')).json()).toEqual({ count: 2 });
    expect((await a.agent.delete('/api/notifications')).statusCode).toBe(204);
    expect((await a.agent.get('/api/notifications/count')).json()).toEqual({ count: 0 });
    expect((await b.agent.get('/api/notifications/count')).json()).toEqual({ count: 1 });
  });
});
