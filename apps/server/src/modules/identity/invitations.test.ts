import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { createInvitation } from './create-invitation.js';
import { sendInvitationEmail } from './send-invitation.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function invite(email: string, fullName = 'Charles Babbage') {
  const owner = await signUpCompany(t.app);
  const created = await createInvitation(t.services.pool, {
    accountId: owner.me.account.id,
    invitedBy: owner.me.user.id,
    email,
    fullName,
    roles: ['Contributor'],
    permissions: { operational: ['create_letter'], observable: ['see_letters'], administrative: [] },
    ttlDays: 14,
  });
  return { owner, ...created, accountId: owner.me.account.id };
}

const acceptBody = (uniqueId: string, accountId: string) => ({
  unique_id: uniqueId,
  account_id: accountId,
  user_name: 'Charles Babbage',
  job_title: 'Engineer',
  phone_number: '07700 900123',
  password: 'difference engine',
});

describe('invitations', () => {
  it('validates an invitation and returns the invitee name from it', async () => {
    const { uniqueId, accountId, owner } = await invite('charles@example.com');
    const res = await new Agent(t.app).get(`/api/invitations/${uniqueId}/${accountId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      full_name: 'Charles Babbage',
      email_address: 'charles@example.com',
      account_name: owner.body.companyName,
    });
  });

  it('accepts once: accepted_invite becomes true, the member is signed in with the invited permissions', async () => {
    const { uniqueId, accountId, userId } = await invite('ada.k@example.com');
    const before = await t.services.pool.query('select accepted_invite from users where id = $1', [userId]);
    expect(before.rows[0].accepted_invite).toBe(false);
    const agent = new Agent(t.app);
    const res = await agent.post('/api/invitations/accept', acceptBody(uniqueId, accountId));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'ada.k@example.com',
      jobTitle: 'Engineer',
      phoneNumber: '07700900123',
      acceptedInvite: true,
    });
    expect(res.json().abilities).toEqual(['create_letter', 'see_letters']);
    expect(res.json().account.id).toBe(accountId);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    const after = await t.services.pool.query('select accepted_invite from users where id = $1', [userId]);
    expect(after.rows[0].accepted_invite).toBe(true);

    const again = await new Agent(t.app).post('/api/invitations/accept', acceptBody(uniqueId, accountId));
    expect(again.statusCode).toBe(404);
    expect((await new Agent(t.app).get(`/api/invitations/${uniqueId}/${accountId}`)).statusCode).toBe(404);
    // The new member signs in with the password they chose.
    expect(
      (await new Agent(t.app).post('/api/session', { email: 'ada.k@example.com', password: 'difference engine' }))
        .statusCode,
    ).toBe(200);
  });

  it('lets only one of two simultaneous acceptances through', async () => {
    const { uniqueId, accountId } = await invite('race@example.com');
    const [a, b] = await Promise.all([
      new Agent(t.app).post('/api/invitations/accept', acceptBody(uniqueId, accountId)),
      new Agent(t.app).post('/api/invitations/accept', acceptBody(uniqueId, accountId)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 404]);
    const { rows } = await t.services.pool.query(
      `select count(*)::int as n from auth_accounts a join users u on u.id = a.user_id where u.email = 'race@example.com'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses an unknown, mismatched or expired invitation and changes nothing', async () => {
    const { uniqueId, accountId, userId } = await invite('late@example.com');
    const other = await signUpCompany(t.app);
    expect((await new Agent(t.app).get(`/api/invitations/${uniqueId}/${other.me.account.id}`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get(`/api/invitations/nope/${accountId}`)).statusCode).toBe(404);
    const wrongAccount = await new Agent(t.app).post(
      '/api/invitations/accept',
      acceptBody(uniqueId, other.me.account.id),
    );
    expect(wrongAccount.statusCode).toBe(404);
    await t.services.pool.query(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [
      uniqueId,
    ]);
    const expired = await new Agent(t.app).post('/api/invitations/accept', acceptBody(uniqueId, accountId));
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('This invitation is not valid or has already been used.');
    const { rows } = await t.services.pool.query(
      'select accepted_invite, (select count(*)::int from auth_accounts where user_id = $1) as creds from users where id = $1',
      [userId],
    );
    expect(rows[0]).toEqual({ accepted_invite: false, creds: 0 });
  });

  it('refuses invalid acceptance fields with the spec messages', async () => {
    const { uniqueId, accountId } = await invite('fields@example.com');
    const res = await new Agent(t.app).post('/api/invitations/accept', {
      ...acceptBody(uniqueId, accountId),
      phone_number: '12345',
      password: 'short',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'phone_number', message: 'Must be a valid UK phone number' },
        { path: 'password', message: 'Must be at least 8 characters long' },
      ]),
    );
  });

  it('emails the invitee the /invited/signUp link through the job queue', async () => {
    const { uniqueId, accountId, owner } = await invite('mailme@example.com', 'Mail Me');
    await sendInvitationEmail(t.services.pool, t.config, {
      uniqueId,
      accountId,
      email: 'mailme@example.com',
      fullName: 'Mail Me',
    });
    await t.runJobs();
    const mail = (await t.outbox()).find((m) => m.to === 'mailme@example.com')!;
    expect(mail.subject).toBe(`You have been invited to join ${owner.body.companyName} on LetterPost`);
    expect(mail.links).toEqual([`http://localhost:3000/invited/signUp/${uniqueId}/${accountId}`]);
  });

  it('cannot sign in as an invited user before acceptance', async () => {
    await invite('pending@example.com');
    const res = await new Agent(t.app).post('/api/session', {
      email: 'pending@example.com',
      password: 'anything at all',
    });
    expect(res.statusCode).toBe(401);
  });
});
