import { randomBytes } from 'node:crypto';
import { ALL_PERMISSIONS } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  type KeyAgent,
  makeApiKey,
  signUpCompany,
  type TestContext,
} from './test/harness.js';

/**
 * Generated from the route declarations: every member route refuses a caller without a session
 * (401), a member without its permission (403), and another company's record (404), and changes
 * nothing in the database when it does. Routes added later are covered automatically; a route
 * with a record in its path needs a fixture below (the test says which).
 */
let t: TestContext;
const fx: Record<string, string> = {};
let owner: Agent;
let bare: Agent;
/** Programs of company A (decision 0028): a key with no permissions, a revoked one and the owner's full key. */
let keyless: KeyAgent;
let revokedKey: KeyAgent;
let fullKey: KeyAgent;

beforeAll(async () => {
  t = await createTestContext();
  const a = await signUpCompany(t.app);
  owner = a.agent;
  // Pro: every plan feature (accounting integrations among them), so a refusal below is never the plan's.
  await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [a.me.account.id]);
  bare = (await addMember(t, a.me.account.id, { permissions: {} })).agent;
  keyless = (await makeApiKey(t.app, owner, { name: 'No permissions', permissions: [] })).program;
  const revoked = await makeApiKey(t.app, owner, { name: 'Revoked', permissions: [...ALL_PERMISSIONS] });
  expect((await owner.delete(`/api/api-keys/${revoked.id}`)).statusCode).toBe(204);
  revokedKey = revoked.program;
  fullKey = (await makeApiKey(t.app, owner, { name: 'Everything', permissions: [...ALL_PERMISSIONS] })).program;
  // A key's use is noted at most once a minute: marked used in the future, no call below writes it,
  // so "changes nothing" is measured on the routes alone.
  await t.services.pool.query(`update api_keys set last_used_at = now() + interval '1 day'`);

  // Company B and one record of each kind, which company A must not reach.
  const b = await signUpCompany(t.app);
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [b.me.account.id]);
  const dep = await b.agent.post('/api/departments', { departments: [{ name: 'B Sales' }] });
  fx.department = dep.json().ids[0];
  const member = await addMember(t, b.me.account.id, {
    permissions: { administrative: ['manage_users'] },
    approvals: { administrative: ['manage_users'] },
  });
  fx.user = member.userId;
  const requested = await member.agent.post('/api/users', {
    user_name: 'Pending Person',
    email_address: 'pending-b@example.com',
    permissions: {},
  });
  expect(requested.statusCode).toBe(202);
  fx.approval = requested.json().approval_id;
  const { rows } = await t.services.pool.query('select id from notifications where account_id = $1 limit 1', [
    b.me.account.id,
  ]);
  fx.notification = rows[0].id;
  fx.customer = (await b.agent.post('/api/customers', { name: 'Customer of B' })).json().customer_uuid;
  await t.services.pool.query(
    `insert into letterheads (account_id, kind, type, content_type, blob_key, size_bytes, file_name)
     values ($1, 'primary', 'pdf', 'application/pdf', 'letterheads/b.pdf', 10, 'b.pdf')`,
    [b.me.account.id],
  );
  // B's insert (issue 28 item 4).
  fx.insert = 'insert-of-b';
  await t.services.pool.query(
    `insert into letter_inserts (id, account_id, name, blob_key, pages, sheets, size_bytes, sha256)
     values ($1, $2, 'B terms', 'inserts/b.pdf', 2, 1, 10, 'b-sha')`,
    [fx.insert, b.me.account.id],
  );
  // B's parcel (booked, with a label), preset and quote.
  fx.parcel = 'parcel-of-b';
  const party = JSON.stringify({
    name: 'B Sender',
    phoneNumber: '+441174960123',
    addressLine1: '1 High Street',
    addressLine2: '',
    addressLine3: '',
    town: 'Bristol',
    county: 'Bristol',
    postcode: 'BS1 6AP',
  });
  await t.services.pool.query(
    `insert into parcels (id, account_id, creator_name, sender_email, status, sender, recipient, recipient_name,
       recipient_postcode, carrier_name, service_id, service_name, goods_value_pence, length_cm, width_cm, height_cm,
       weight_kg, collection_date, cost_pence, shipment_id, label_key)
     values ($1, $2, 'B', 'b@example.com', 'Confirmed', $3, $3, 'B Sender', 'BS1 6AP', 'Royal Mail', 'royal-mail:tracked-48',
       'Tracked 48', 1000, 10, 10, 10, 1, current_date, 500, 'RM123456785GB', 'parcels/b.pdf')`,
    [fx.parcel, b.me.account.id, party],
  );
  fx.preset = 'preset-of-b';
  await t.services.pool.query(
    `insert into parcel_presets (id, account_id, name, weight_kg, length_cm, width_cm, height_cm)
     values ($1, $2, 'B box', 1, 1, 1, 1)`,
    [fx.preset, b.me.account.id],
  );
  fx.quote = 'quote-of-b';
  await t.services.pool.query(
    `insert into parcel_quotes (id, account_id, request, rows, expires_at) values ($1, $2, '{}', '[]', now() + interval '1 hour')`,
    [fx.quote, b.me.account.id],
  );
  fx.letter = 'letter-of-b';
  await t.services.pool.query(
    `insert into letters (id, account_id, name, status, blob_key, size_bytes, document_type)
     values ($1, $2, 'b.pdf', 'Analysis Complete', 'letters/b.pdf', 10, 'merged')`,
    [fx.letter, b.me.account.id],
  );
  // B's storage: a folder, a file in it and an upload under way.
  fx.storageFolder = 'storage-folder-of-b';
  fx.storageFile = 'storage-file-of-b';
  fx.storageUpload = 'storage-upload-of-b';
  await t.services.pool.query(
    `insert into storage_items (id, account_id, kind, name) values ($1, $2, 'folder', 'B folder')`,
    [fx.storageFolder, b.me.account.id],
  );
  await t.services.pool.query(
    `insert into storage_items (id, account_id, parent_id, ancestors, kind, name, ext, content_type, blob_key, size_bytes, num_files)
     values ($1, $2, $3, array[$3], 'file', 'B file', 'pdf', 'application/pdf', 'storage/b/file', 10, -1)`,
    [fx.storageFile, b.me.account.id, fx.storageFolder],
  );
  await t.services.pool.query(
    `insert into storage_uploads (id, account_id, folder_id, name, ext, size_bytes, chunk_bytes, blob_key, multipart_id)
     values ($1, $2, $3, 'B upload', 'pdf', 100, 8388608, 'storage/b/upload', 'mp-b')`,
    [fx.storageUpload, b.me.account.id, fx.storageFolder],
  );
  // B's integrations: Xero and Dropbox connected, a Xero connection being made (its state).
  for (const provider of ['xero', 'dropbox'])
    await t.services.pool.query(
      `insert into integrations (account_id, provider, tenant_id, tenant_name, tokens_sealed, connected_by)
       values ($1, $2, 'tenant-of-b', 'B Books', 'sealed-of-b', $3)`,
      [b.me.account.id, provider, b.me.user.id],
    );
  fx.integrationState = 'oauth-state-of-b';
  await t.services.pool.query(
    `insert into integration_oauth_states (state, account_id, user_id, provider, verifier_sealed)
     values ($1, $2, $3, 'xero', 'sealed-verifier-of-b')`,
    [fx.integrationState, b.me.account.id, b.me.user.id],
  );
  // B's money: a bank transfer (with a receipt) and a card payment in flight.
  const { credit } = await import('./modules/money/ledger.js');
  const { inTransaction } = await import('./platform/db/transaction.js');
  fx.transaction = (
    await inTransaction(t.services.pool, (q) =>
      credit(q, {
        accountId: b.me.account.id,
        key: 'b-transfer',
        amount: 5000,
        type: 'bank_transfer',
        actor: null,
        description: 'B transfer',
        reference: 'B-REF',
      }),
    )
  ).id;
  const pm = await b.agent.post('/api/payments/sandbox/payment_methods', {
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
  });
  const intent = await b.agent.post('/api/finances/intent', { amount: 1000, payment_method_id: pm.json().id });
  fx.intent = intent.json().payment_intent_id;
  // The sandbox's event about the new intent reaches the webhook asynchronously: let it land now,
  // so that no row appears while the routes below are checked for changing nothing.
  await t.app.payments.sandbox?.settled();
  // B's API key, which A must not revoke.
  fx.apiKey = (await makeApiKey(t.app, b.agent, { name: 'B program', permissions: [] })).id;
  // B's webhook endpoint with one event delivered to it.
  fx.webhook = 'webhook-of-b';
  fx.webhookDelivery = 'webhook-delivery-of-b';
  await t.services.pool.query(
    `insert into webhook_endpoints (id, account_id, url, events, secret_sealed)
     values ($1, $2, 'https://b.example.com/hook', '{balance.low}', 'sealed-of-b')`,
    [fx.webhook, b.me.account.id],
  );
  await t.services.pool.query(
    `insert into webhook_events (id, account_id, type, payload) values ('evt_of_b', $1, 'balance.low', '{}')`,
    [b.me.account.id],
  );
  await t.services.pool.query(
    `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, status, attempts)
     values ($1, $2, 'evt_of_b', $3, 'delivered', 1)`,
    [fx.webhookDelivery, b.me.account.id, fx.webhook],
  );
  // B's mail merge template and a run of it.
  fx.mergeTemplate = 'merge-template-of-b';
  fx.mergeRun = 'merge-run-of-b';
  await t.services.pool.query(
    `insert into merge_templates (id, account_id, name, blob_key, size_bytes, fields)
     values ($1, $2, 'B letter.docx', 'merge-templates/b.docx', 10, '{first_name}')`,
    [fx.mergeTemplate, b.me.account.id],
  );
  await t.services.pool.query(
    `insert into merge_runs (id, account_id, template_id, template_name, status, total)
     values ($1, $2, $3, 'B letter.docx', 'done', 0)`,
    [fx.mergeRun, b.me.account.id, fx.mergeTemplate],
  );
  // Every fixture exists, so a 404 below means "not yours", never "no such id".
  for (const id of Object.values(fx)) expect(id, 'fixture id').toBeTruthy();
});
afterAll(() => t.close());

const byKind = { operational: [], observable: [], administrative: [] };
/** How to call a route on company B's record: the path and a body that would otherwise be valid. */
const recordCalls: Record<string, () => { url: string; body?: unknown }> = {
  'GET /api/users/:id': () => ({ url: `/api/users/${fx.user}` }),
  'PUT /api/users/:id': () => ({
    url: `/api/users/${fx.user}`,
    body: { roles: [], permissions: byKind, approvals: byKind, department: null, supervised_departments: [] },
  }),
  'DELETE /api/users/:id': () => ({ url: `/api/users/${fx.user}` }),
  'GET /api/users/:id/spending-cap': () => ({ url: `/api/users/${fx.user}/spending-cap` }),
  'PUT /api/users/:id/spending-cap': () => ({
    url: `/api/users/${fx.user}/spending-cap`,
    body: { cap: 100, override_cap: 0 },
  }),
  'GET /api/departments/:id': () => ({ url: `/api/departments/${fx.department}` }),
  'PUT /api/departments/:id': () => ({ url: `/api/departments/${fx.department}`, body: { name: 'Renamed' } }),
  'DELETE /api/departments/:id': () => ({ url: `/api/departments/${fx.department}` }),
  'DELETE /api/notifications/:id': () => ({ url: `/api/notifications/${fx.notification}` }),
  'POST /api/notifications/stream/:id/disconnect': () => ({
    url: '/api/notifications/stream/00000000-0000-4000-8000-000000000000/disconnect',
  }),
  'DELETE /api/api-keys/:id': () => ({ url: `/api/api-keys/${fx.apiKey}` }),
  'DELETE /api/webhooks/:id': () => ({ url: `/api/webhooks/${fx.webhook}` }),
  'POST /api/webhooks/:id/enable': () => ({ url: `/api/webhooks/${fx.webhook}/enable` }),
  'GET /api/webhooks/:id/attempts': () => ({ url: `/api/webhooks/${fx.webhook}/attempts` }),
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': () => ({
    url: `/api/webhooks/${fx.webhook}/deliveries/${fx.webhookDelivery}/resend`,
  }),
  'GET /api/letters/:id': () => ({ url: `/api/letters/${fx.letter}` }),
  'GET /api/letters/:id/thumbnail': () => ({ url: `/api/letters/${fx.letter}/thumbnail` }),
  'GET /api/letters/:id/file': () => ({ url: `/api/letters/${fx.letter}/file` }),
  'GET /api/letters/:id/metadata': () => ({ url: `/api/letters/${fx.letter}/metadata` }),
  'GET /api/letters/:id/history': () => ({ url: `/api/letters/${fx.letter}/history` }),
  'POST /api/letters/:id/split': () => ({ url: `/api/letters/${fx.letter}/split` }),
  'GET /api/letters/:id/split': () => ({ url: `/api/letters/${fx.letter}/split` }),
  'POST /api/letters/:id/split/confirm': () => ({
    url: `/api/letters/${fx.letter}/split/confirm`,
    body: { starts: [1, 2] },
  }),
  'POST /api/letters/:id/address-sheet': () => ({ url: `/api/letters/${fx.letter}/address-sheet` }),
  'DELETE /api/letters/:id/address-sheet': () => ({ url: `/api/letters/${fx.letter}/address-sheet` }),
  'POST /api/letters/:id/address-reset': () => ({ url: `/api/letters/${fx.letter}/address-reset` }),
  'DELETE /api/letters/:id/address-reset': () => ({ url: `/api/letters/${fx.letter}/address-reset` }),
  'PUT /api/letters/:id/recipient': () => ({
    url: `/api/letters/${fx.letter}/recipient`,
    body: { name: 'Mr Owen Price', lines: ['2 Castle Street', 'Cardiff'], postcode: 'CF10 1BS' },
  }),
  'POST /api/letters/trash': () => ({ url: '/api/letters/trash', body: { uuids: [fx.letter] } }),
  'POST /api/letters/restore': () => ({ url: '/api/letters/restore', body: { uuids: [fx.letter] } }),
  'POST /api/letters/delete-permanently': () => ({
    url: '/api/letters/delete-permanently',
    body: { uuids: [fx.letter] },
  }),
  'PATCH /api/letters/processed': () => ({ url: '/api/letters/processed', body: { letter_ids: [fx.letter] } }),
  // B has a primary letterhead and A none: A's calls name only its own (the kind is not an id).
  'GET /api/letterheads/:kind/file': () => ({ url: '/api/letterheads/primary/file' }),
  'DELETE /api/letterheads/:kind': () => ({ url: '/api/letterheads/primary' }),
  'GET /api/customers/:id': () => ({ url: `/api/customers/${fx.customer}` }),
  'GET /api/merge-templates/:id': () => ({ url: `/api/merge-templates/${fx.mergeTemplate}` }),
  'DELETE /api/merge-templates/:id': () => ({ url: `/api/merge-templates/${fx.mergeTemplate}` }),
  'POST /api/merge-templates/:id/preview': () => ({
    url: `/api/merge-templates/${fx.mergeTemplate}/preview`,
    body: { recipients: { kind: 'customers', customer_ids: [fx.customer] }, index: 0 },
  }),
  'POST /api/merge-templates/:id/send': () => ({
    url: `/api/merge-templates/${fx.mergeTemplate}/send`,
    body: { recipients: { kind: 'customers', customer_ids: [fx.customer] }, deliver: false },
  }),
  'GET /api/merge-runs/:id': () => ({ url: `/api/merge-runs/${fx.mergeRun}` }),
  'GET /api/customers/:id/messages': () => ({ url: `/api/customers/${fx.customer}/messages` }),
  'GET /api/storage/folders/:id': () => ({ url: `/api/storage/folders/${fx.storageFolder}` }),
  'GET /api/storage/tree/:id': () => ({ url: `/api/storage/tree/${fx.storageFolder}` }),
  'POST /api/storage/folders': () => ({
    url: '/api/storage/folders',
    body: { parent_id: fx.storageFolder, name: 'Intruder' },
  }),
  'PATCH /api/storage/items/:id': () => ({ url: `/api/storage/items/${fx.storageFile}`, body: { name: 'Renamed' } }),
  'DELETE /api/storage/items/:id': () => ({
    url: `/api/storage/items/${fx.storageFile}`,
    body: { name: 'B file.pdf' },
  }),
  'POST /api/storage/items/delete': () => ({ url: '/api/storage/items/delete', body: { ids: [fx.storageFile] } }),
  'GET /api/storage/items/:id/file': () => ({ url: `/api/storage/items/${fx.storageFile}/file` }),
  'POST /api/storage/uploads': () => ({
    url: '/api/storage/uploads',
    body: { folder_id: fx.storageFolder, file_name: 'a.pdf', size: 10 },
  }),
  'GET /api/storage/uploads/:id': () => ({ url: `/api/storage/uploads/${fx.storageUpload}` }),
  'DELETE /api/storage/uploads/:id': () => ({ url: `/api/storage/uploads/${fx.storageUpload}` }),
  'PUT /api/storage/uploads/:id/chunks/:n': () => ({
    url: `/api/storage/uploads/${fx.storageUpload}/chunks/0`,
    body: 'x'.repeat(100),
  }),
  'POST /api/storage/folders/:id/files': () => ({ url: `/api/storage/folders/${fx.storageFolder}/files`, body: {} }),
  // B is connected to Xero and Dropbox and A to nothing: A's calls name only its own connections.
  'POST /api/integrations/:provider/redirect': () => ({
    url: '/api/integrations/xero/redirect',
    body: { auth_code: 'code-for-b', state: fx.integrationState },
  }),
  'DELETE /api/integrations/:provider': () => ({ url: '/api/integrations/xero' }),
  'PUT /api/integrations/:provider/auto-sync': () => ({
    url: '/api/integrations/dropbox/auto-sync',
    body: { sync: true },
  }),
  'GET /api/integrations/:provider/contacts': () => ({ url: '/api/integrations/xero/contacts' }),
  'GET /api/integrations/:provider/invoices': () => ({ url: '/api/integrations/xero/invoices' }),
  'POST /api/integrations/:provider/contacts/import/preview': () => ({
    url: '/api/integrations/xero/contacts/import/preview',
    body: { ids: ['contact-of-b'] },
  }),
  'POST /api/integrations/:provider/contacts/import': () => ({
    url: '/api/integrations/xero/contacts/import',
    body: { ids: ['contact-of-b'] },
  }),
  'POST /api/integrations/:provider/invoices/import': () => ({
    url: '/api/integrations/xero/invoices/import',
    body: { ids: ['invoice-of-b'] },
  }),
  // The installers are the same for every company and none is configured here: nothing to reach.
  'GET /api/downloads/:os': () => ({ url: '/api/downloads/windows' }),
  'GET /api/downloads/:os/:name': () => ({ url: '/api/downloads/windows/Letterpost%20Setup.exe' }),
  'GET /api/parcels/:id': () => ({ url: `/api/parcels/${fx.parcel}` }),
  'GET /api/parcels/:id/label': () => ({ url: `/api/parcels/${fx.parcel}/label` }),
  'POST /api/parcels/:id/void': () => ({ url: `/api/parcels/${fx.parcel}/void`, body: {} }),
  'GET /api/parcels/track/:carrier/:shipmentId': () => ({ url: '/api/parcels/track/royal-mail/RM123456785GB' }),
  'DELETE /api/parcels/presets/:id': () => ({ url: `/api/parcels/presets/${fx.preset}` }),
  'POST /api/parcels': () => ({ url: '/api/parcels', body: { quote_id: fx.quote, service: 'royal-mail:tracked-48' } }),
  'DELETE /api/customers/:id': () => ({ url: `/api/customers/${fx.customer}` }),
  'PUT /api/customers': () => ({
    url: '/api/customers',
    body: { customer_uuid: fx.customer, new_customer_name: 'Renamed' },
  }),
  'PUT /api/letters/:id/customer': () => ({ url: `/api/letters/${fx.letter}/customer`, body: { customer_uuid: null } }),
  'POST /api/letters/:id/customer': () => ({ url: `/api/letters/${fx.letter}/customer`, body: {} }),
  'GET /api/letters/:id/delivery': () => ({ url: `/api/letters/${fx.letter}/delivery` }),
  'GET /api/letters/:id/messages': () => ({ url: `/api/letters/${fx.letter}/messages` }),
  'GET /api/letters/:id/proof': () => ({ url: `/api/letters/${fx.letter}/proof` }),
  'GET /api/letters/:id/proof-of-delivery': () => ({ url: `/api/letters/${fx.letter}/proof-of-delivery` }),
  'GET /api/letters/:id/signature': () => ({ url: `/api/letters/${fx.letter}/signature` }),
  'GET /api/inserts/:id/file': () => ({ url: `/api/inserts/${fx.insert}/file` }),
  'DELETE /api/inserts/:id': () => ({ url: `/api/inserts/${fx.insert}` }),
  'DELETE /api/letters/:id/cloud-link': () => ({ url: `/api/letters/${fx.letter}/cloud-link` }),
  'POST /api/letters/deliver': () => ({
    url: '/api/letters/deliver',
    body: { uuid: fx.letter, preference_overrides: ['cloud_link'] },
  }),
  'POST /api/letters/deliver/quote': () => ({ url: '/api/letters/deliver/quote', body: { uuid: fx.letter } }),
  'POST /api/letters/cancel': () => ({ url: '/api/letters/cancel', body: { document_uuid: fx.letter } }),
  'POST /api/approvals/decide': () => ({
    url: '/api/approvals/decide',
    body: { approval_id: fx.approval, verdict: 'approve' },
  }),
  'GET /api/finances/transactions/:id/receipt': () => ({ url: `/api/finances/transactions/${fx.transaction}/receipt` }),
  'POST /api/finances/topup': () => ({ url: '/api/finances/topup', body: { payment_intent_id: fx.intent } }),
  // The sandbox, like Stripe, lets only the holder of the intent's client secret confirm it.
  'POST /api/payments/sandbox/payment_intents/:id/confirm': () => ({
    url: `/api/payments/sandbox/payment_intents/${fx.intent}/confirm`,
    body: { client_secret: `${fx.intent}_secret_guess`, payment_method: '' },
  }),
};
/** Routes that act on a record named in the body rather than the path. */
const bodyRecordRoutes = new Set([
  'POST /api/approvals/decide',
  'POST /api/letters/trash',
  'POST /api/letters/restore',
  'POST /api/letters/delete-permanently',
  'PATCH /api/letters/processed',
  'POST /api/finances/topup',
  'POST /api/letters/deliver',
  'POST /api/letters/deliver/quote',
  'POST /api/letters/cancel',
  'PUT /api/customers',
  'POST /api/parcels',
  'POST /api/storage/folders',
  'POST /api/storage/items/delete',
  'POST /api/storage/uploads',
  'POST /api/integrations/:provider/redirect',
]);

/** Routes whose path names a slot of the caller's own company, not a record id (an upload into it). */
const ownSlotRoutes = new Set(['POST /api/letterheads/:kind', 'POST /api/integrations/:provider/connect']);

const concrete = (url: string) => url.replace(/:(\w+)/g, 'x');

describe('access matrix', () => {
  it('covers every member route', () => {
    const routes = t.app.routeCatalogue.filter((r) => r.access.kind === 'member');
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if ((r.url.includes(':') && !ownSlotRoutes.has(key)) || bodyRecordRoutes.has(key))
        expect(recordCalls[key], `add a fixture for ${key}`).toBeDefined();
    }
  });

  it('answers 401 without a session and changes nothing', async () => {
    const anonymous = new Agent(t.app);
    for (const r of t.app.routeCatalogue.filter((x) => x.access.kind === 'member')) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await anonymous.request(
        r.method as 'GET',
        concrete(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(await databaseFingerprint(t.services.pool), `${r.method} ${r.url}`).toBe(before);
    }
  }, 120_000);

  it('answers 403 to a member without the permission and changes nothing', async () => {
    const gated = t.app.routeCatalogue.filter(
      (x) => x.access.kind === 'member' && ((x.access.anyOf?.length ?? 0) > 0 || x.access.ownerOnly),
    );
    expect(gated.length).toBeGreaterThan(8);
    for (const r of gated) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await bare.request(
        r.method as 'GET',
        concrete(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(await databaseFingerprint(t.services.pool), `${r.method} ${r.url}`).toBe(before);
    }
  }, 120_000);

  it('answers 401 to a revoked API key on every member route and changes nothing', async () => {
    for (const r of t.app.routeCatalogue.filter((x) => x.access.kind === 'member')) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await revokedKey.request(
        r.method as 'GET',
        concrete(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      // A web-only route refuses any key before looking it up.
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(r.webOnly ? 403 : 401);
      expect(await databaseFingerprint(t.services.pool), `${r.method} ${r.url}`).toBe(before);
    }
  }, 120_000);

  it('answers 403 to an API key without the permission, and on web-only routes, and changes nothing', async () => {
    const refused = t.app.routeCatalogue.filter(
      (x) => x.webOnly || (x.access.kind === 'member' && ((x.access.anyOf?.length ?? 0) > 0 || x.access.ownerOnly)),
    );
    expect(refused.length).toBeGreaterThan(8);
    for (const r of refused) {
      const before = await databaseFingerprint(t.services.pool);
      const res = await keyless.request(
        r.method as 'GET',
        concrete(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
      expect(await databaseFingerprint(t.services.pool), `${r.method} ${r.url}`).toBe(before);
    }
  }, 120_000);

  it("answers 404 to an API key for another company's record and changes nothing", async () => {
    const webOnly = new Set(t.app.routeCatalogue.filter((r) => r.webOnly).map((r) => `${r.method} ${r.url}`));
    for (const [key, call] of Object.entries(recordCalls)) {
      if (webOnly.has(key)) continue;
      const [method] = key.split(' ');
      const { url, body } = call();
      const before = await databaseFingerprint(t.services.pool);
      const res = await fullKey.request(method as 'GET', url, body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(404);
      expect(await databaseFingerprint(t.services.pool), key).toBe(before);
    }
  }, 120_000);

  it("answers 404 for another company's record and changes nothing", async () => {
    for (const [key, call] of Object.entries(recordCalls)) {
      const [method] = key.split(' ');
      const { url, body } = call();
      const before = await databaseFingerprint(t.services.pool);
      const res = await owner.request(method as 'GET', url, body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(404);
      expect(await databaseFingerprint(t.services.pool), key).toBe(before);
    }
  }, 120_000);
});

/** Invites through POST /api/users as `inviter` (roles ticked, nothing selected) and accepts as a browser would. */
async function inviteAndAccept(inviter: Agent, accountId: string, body: Record<string, unknown>) {
  const email = `preset-${randomBytes(4).toString('hex')}@example.com`;
  const res = await inviter.post('/api/users', {
    user_name: 'Pre Set',
    email_address: email,
    permissions: {},
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().user.id as string;
  const { rows } = await t.services.pool.query('select id from invitations where user_id = $1', [userId]);
  const agent = new Agent(t.app);
  const accepted = await agent.post('/api/invitations/accept', {
    unique_id: rows[0].id,
    account_id: accountId,
    user_name: 'Pre Set',
    password: 'member password',
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  return { agent, userId, abilities: accepted.json().abilities as string[] };
}

/** A letter row as analysis leaves it, created by `creatorId`. */
async function letterBy(accountId: string, creatorId: string, name: string) {
  const id = `letter-${randomBytes(6).toString('hex')}`;
  await t.services.pool.query(
    `insert into letters (id, account_id, creator_id, name, status, blob_key, size_bytes, document_type)
     values ($1, $2, $3, $4, 'Analysis Complete', $5, 10, 'merged')`,
    [id, accountId, creatorId, name, `letters/${id}.pdf`],
  );
  return id;
}

describe('preset roles can do their job (decision 0012)', () => {
  it('a Contributor ticked with nothing selected uploads letters, lists them and opens them', async () => {
    const company = await signUpCompany(t.app);
    const contributor = await inviteAndAccept(company.agent, company.me.account.id, { roles: ['Contributor'] });
    expect(contributor.abilities).toEqual([
      'create_letter',
      'create_parcel',
      'send_letter',
      'delete_letter',
      'see_letters',
      'see_parcels',
    ]);
    const { simpleLetterPdf } = await import('./test/fixtures/letters.js');
    const upload = await contributor.agent.upload(
      '/api/letters/files',
      'mine.pdf',
      await simpleLetterPdf(['Ms Ann Post', '1 Park Row', 'Leeds', 'LS1 5HD']),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const mine = upload.json().uuid as string;
    const list = await contributor.agent.get('/api/letters?tab=all');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { uuid: string }) => r.uuid)).toEqual([mine]);
    expect((await contributor.agent.get(`/api/letters/${mine}`)).statusCode).toBe(200);
    expect((await contributor.agent.get(`/api/letters/${mine}/history`)).statusCode).toBe(200);
    // What the role does not hold stays refused.
    expect((await contributor.agent.get('/api/users')).statusCode).toBe(403);
  });

  it('a Supervisor (approve only) reads the letters of the departments they supervise, and nothing else', async () => {
    const company = await signUpCompany(t.app);
    const accountId = company.me.account.id;
    await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [accountId]);
    const deps = await company.agent.post('/api/departments', { departments: [{ name: 'Sales' }, { name: 'Ops' }] });
    expect(deps.statusCode, deps.body).toBe(201);
    const { rows: ids } = await t.services.pool.query<{ id: string; name: string }>(
      'select id, name from departments where account_id = $1',
      [accountId],
    );
    const sales = ids.find((d) => d.name === 'Sales')!.id;
    const ops = ids.find((d) => d.name === 'Ops')!.id;
    const writer = { permissions: { operational: ['create_letter'], observable: ['see_letters'] } };
    const salesPerson = await addMember(t, accountId, { ...writer, departmentId: sales });
    const opsPerson = await addMember(t, accountId, { ...writer, departmentId: ops });
    const inSales = await letterBy(accountId, salesPerson.userId, 'sales.pdf');
    const inOps = await letterBy(accountId, opsPerson.userId, 'ops.pdf');
    const byOwner = await letterBy(accountId, company.me.user.id, 'owner.pdf');
    const other = await signUpCompany(t.app);
    const elsewhere = await letterBy(other.me.account.id, other.me.user.id, 'elsewhere.pdf');

    const supervisor = await inviteAndAccept(company.agent, accountId, {
      roles: ['Supervisor'],
      supervised_departments: ['Sales'],
    });
    expect(supervisor.abilities).toEqual(['approve']);
    const list = await supervisor.agent.get('/api/letters?tab=all&limit=25');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { uuid: string }) => r.uuid)).toEqual([inSales]);
    expect(list.json().counts).toMatchObject({ all: 1, new: 1, trash: 0 });
    expect((await supervisor.agent.get('/api/letters?search=ops')).json().count).toBe(0);
    for (const path of ['', '/metadata', '/history']) {
      expect((await supervisor.agent.get(`/api/letters/${inSales}${path}`)).statusCode, path).toBe(200);
      for (const hidden of [inOps, byOwner, elsewhere])
        expect((await supervisor.agent.get(`/api/letters/${hidden}${path}`)).statusCode, path).toBe(404);
    }
    // The file and thumbnail routes are reached (no file was stored: 409 / no thumbnail: 204) only in scope.
    expect((await supervisor.agent.get(`/api/letters/${inSales}/file`)).statusCode).toBe(409);
    expect((await supervisor.agent.get(`/api/letters/${inSales}/thumbnail`)).statusCode).toBe(204);
    expect((await supervisor.agent.get(`/api/letters/${inOps}/file`)).statusCode).toBe(404);
    expect((await supervisor.agent.get(`/api/letters/${inOps}/thumbnail`)).statusCode).toBe(404);
    const gallery = await supervisor.agent.get('/api/letters/thumbnails/stream?limit=25');
    expect(gallery.statusCode).toBe(200);
    expect(gallery.body).toContain(inSales);
    expect(gallery.body).not.toContain(inOps);

    // Write actions keep their own permissions: every letter route that is not a GET refuses them.
    const writes = t.app.routeCatalogue.filter(
      (r) => r.url.startsWith('/api/letters') && r.method !== 'GET' && r.access.kind === 'member',
    );
    expect(writes.length).toBeGreaterThan(3);
    for (const r of writes) {
      const before = await databaseFingerprint(t.services.pool);
      const url = r.url.replace(/:\w+/g, inSales);
      const res = await supervisor.agent.request(r.method as 'POST', url, { uuids: [inSales], letter_ids: [inSales] });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(await databaseFingerprint(t.services.pool), `${r.method} ${r.url}`).toBe(before);
    }

    // Supervising no department in particular is supervising the whole company.
    const companyWide = await inviteAndAccept(company.agent, accountId, { roles: ['Supervisor'] });
    const all = (await companyWide.agent.get('/api/letters?tab=all&limit=25')).json();
    expect(all.rows.map((r: { uuid: string }) => r.uuid).sort()).toEqual([inSales, inOps, byOwner].sort());
    expect((await companyWide.agent.get(`/api/letters/${elsewhere}`)).statusCode).toBe(404);
  });
});
