import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  addMember,
  createTestContext,
  databaseFingerprint,
  signUpCompany,
  type TestContext,
} from './test/harness.js';

/**
 * Generated from the OpenAPI document: every operation is called as a signed-in owner with a
 * hostile value in each path, query and body field in turn (the other fields kept valid-looking).
 * No answer may be a 5xx, and none may take more than a few seconds; a batch of calls that were
 * all refused must leave the database as it was. Routes added later are covered without touching
 * this file. The calls go over real HTTP, a few at a time.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: Json[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  default?: Json;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Call {
  key: string;
  method: string;
  url: string;
  body?: string;
  what: string;
}

const CALL_TIMEOUT_MS = 5000;
const BATCH = 6;

let t: TestContext;
let base: string;
let owner: Agent;
let ownerEmail: string;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
/** Records of the owner's company (baseline values) and of company B (hostile values). */
const own: Record<string, string> = {};
const other: Record<string, string> = {};

async function insertLetter(id: string, accountId: string, creatorId: string) {
  await t.services.pool.query(
    `insert into letters (id, account_id, creator_id, name, status, blob_key, size_bytes, document_type, num_pages)
     values ($1, $2, $3, 'merged.pdf', 'Analysis Complete', $4, 10, 'merged', 2)`,
    [id, accountId, creatorId, `letters/${accountId}/${id}.pdf`],
  );
}

async function insertNotification(id: string, accountId: string, userId: string) {
  await t.services.pool.query(
    'insert into notifications (id, account_id, user_id, sender, description) values ($1, $2, $3, $4, $5)',
    [id, accountId, userId, 'System', 'Hello'],
  );
}

/** A company with one record of each kind: a department, a member, a pending approval, a letter, a notification. */
async function company(into: Record<string, string>, prefix: string) {
  const a = await signUpCompany(t.app);
  into.account = a.me.account.id;
  into.owner = a.me.user.id;
  await t.services.pool.query(`update accounts set current_plan = 'Business' where id = $1`, [into.account]);
  const dep = await a.agent.post('/api/departments', { departments: [{ name: `${prefix} Sales` }] });
  expect(dep.statusCode, dep.body).toBe(201);
  into.department = dep.json().ids[0];
  const member = await addMember(t, into.account, {
    permissions: { administrative: ['manage_users'] },
    approvals: { administrative: ['manage_users'] },
  });
  into.user = member.userId;
  const requested = await member.agent.post('/api/users', {
    user_name: 'Pending Person',
    email_address: `pending-${prefix.toLowerCase()}@example.com`,
    permissions: {},
  });
  expect(requested.statusCode, requested.body).toBe(202);
  into.approval = requested.json().approval_id;
  into.letter = `letter-${prefix.toLowerCase()}`;
  await insertLetter(into.letter, into.account, into.owner);
  into.notification = `note-${prefix.toLowerCase()}`;
  await insertNotification(into.notification, into.account, into.owner);
  return a;
}

beforeAll(async () => {
  t = await createTestContext();
  const a = await company(own, 'A');
  owner = a.agent;
  ownerEmail = a.body.email;
  await company(other, 'B');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  doc = (await owner.get('/api/openapi.json')).json();
}, 60_000);
afterAll(() => t.close());

/** The hostile values every field meets in turn. */
function hostileValues(): Array<[string, Json]> {
  return [
    ['NUL', '\u0000'],
    ['NUL inside', 'a\u0000b'],
    ['encoded NUL', '%00'],
    ['empty string', ''],
    ['10,000 characters', 'x'.repeat(10_000)],
    ['lone surrogate', '\ud800'],
    ['SQL and LIKE characters', "' or 1=1 -- %_\\"],
    ['path traversal', '../../../etc/passwd'],
    ['number', 12345],
    ['negative number', -1],
    ['huge number', 1e308],
    ['beyond int64', 9.3e18],
    ['fraction', 1.5],
    ['boolean', true],
    ['null', null],
    ['empty array', []],
    ['array of junk', ['\u0000', 'x'.repeat(1000), -1]],
    ['object', { a: { b: ['c'] } }],
    ["company B's account", other.account!],
    ["company B's user", other.user!],
    ["company B's department", other.department!],
    ["company B's letter", other.letter!],
    ["company B's approval", other.approval!],
    ["company B's notification", other.notification!],
  ];
}

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {};
  return s;
}

/** A plausible value for a field, so that a call fails only because of the one hostile field. */
function sample(schema: Schema | undefined, name: string): Json {
  const s = resolve(schema);
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0]!;
  const alternative = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  if (alternative) return sample(alternative, name);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, k);
    return out;
  }
  if (type === 'array') {
    // As few items as allowed: an item made up here (a permission, a role) is rarely a valid one.
    const n = s.minItems ?? 0;
    return Array.from({ length: n }, (_, i) => {
      const item = sample(s.items, name);
      return typeof item === 'number' ? item + i : item;
    });
  }
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  // Strings: a record of the owner's company where the name says so, else text the patterns accept.
  if (/approval/i.test(name)) return own.approval!;
  if (/letter|uuid/i.test(name)) return own.letter!;
  if (/account/i.test(name)) return own.account!;
  if (/department|supervis/i.test(name)) return own.department!;
  if (/email/i.test(name)) return ownerEmail;
  // Never the owner's current password: a change of password that went through would lock the test out.
  if (/current_password/i.test(name)) return 'not the current password';
  if (/password/i.test(name)) return 'correct horse battery';
  if (/phone/i.test(name)) return '020 7946 0000';
  if (/token/i.test(name)) return 'a-reset-token-that-is-unknown';
  const candidates = ['Hostile Name', 'hostile', 'abc123', 'x'.repeat(Math.max(1, s.minLength ?? 1))];
  const pattern = s.pattern ? new RegExp(s.pattern, 'u') : null;
  return candidates.find((c) => (!pattern || pattern.test(c)) && c.length >= (s.minLength ?? 0)) ?? 'x';
}

/** A record of the owner's company for a path parameter, chosen by the path's resource. */
function pathSample(path: string, name: string): string {
  const resource = path.split('/')[2] ?? '';
  const byResource: Record<string, string | undefined> = {
    letters: own.letter,
    users: own.user,
    departments: own.department,
    notifications: own.notification,
    approvals: own.approval,
  };
  if (/account/i.test(name)) return own.account!;
  return byResource[resource] ?? 'no-such-record';
}

/** Every place in a body a value can go: each property and array element, at any depth. */
function bodyPaths(value: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  if (Array.isArray(value)) {
    out.push([...at, 0]);
    if (value.length > 0) out.push(...bodyPaths(value[0]!, [...at, 0]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push([...at, k], ...bodyPaths(v, [...at, k]));
  }
  return out;
}

function withValue(body: Json, at: Array<string | number>, value: Json): Json {
  const copy = structuredClone(body) as Record<string | number, Json>;
  let node = copy;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  node[at[at.length - 1]!] = value;
  return copy as Json;
}

const asText = (v: Json) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Percent-encodes a path segment; a lone surrogate goes as the bytes of one (not valid UTF-8). */
const encodeSegment = (v: string) =>
  [...v].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');

function buildUrl(path: string, params: Record<string, string>, query: Record<string, Json>): string {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(params[name] ?? ''));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) q.append(k, asText(item));
    else q.append(k, asText(v));
  }
  const qs = q.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Every call of the generated suite, grouped by operation. */
function generateCalls(): { calls: Call[][]; baselines: Call[]; operations: string[] } {
  const calls: Call[][] = [];
  const baselines: Call[] = [];
  const operations: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      operations.push(key);
      const parameters = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
      const pathParams = Object.fromEntries(
        parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathSample(path, p.name)]),
      );
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema ? sample(bodySchema, '') : undefined;
      const make = (what: string, params: Record<string, string>, query: Record<string, Json>, b?: Json) => ({
        key,
        method: method.toUpperCase(),
        url: buildUrl(path, params, query),
        body: b === undefined ? undefined : JSON.stringify(b),
        what,
      });
      const group: Call[] = [];
      if (parameters.length === 0 && body === undefined) group.push(make('no input', pathParams, {}));
      else baselines.push(make('baseline', pathParams, {}, body));
      for (const [label, value] of hostileValues()) {
        for (const p of parameters) {
          if (p.in === 'path')
            group.push(make(`path ${p.name} = ${label}`, { ...pathParams, [p.name]: asText(value) }, {}, body));
          else group.push(make(`query ${p.name} = ${label}`, pathParams, { [p.name]: value }, body));
        }
        if (body !== undefined) {
          group.push(make(`body = ${label}`, pathParams, {}, value));
          for (const at of bodyPaths(body))
            group.push(make(`body.${at.join('.')} = ${label}`, pathParams, {}, withValue(body, at, value)));
        }
      }
      // The same URL twice is one call (a path parameter meets "12345" and 12345 alike).
      const seen = new Set<string>();
      calls.push(group.filter((c) => !seen.has(`${c.url} ${c.body}`) && seen.add(`${c.url} ${c.body}`)));
    }
  }
  // Valid-looking calls last (they may delete the records the others name), deletions at the very end.
  baselines.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  return { calls, baselines, operations };
}

interface Outcome {
  call: Call;
  status: number;
  detail: string;
  sessionChanged: boolean;
}

async function send(call: Call, cookie: string, token: string): Promise<Outcome> {
  const headers: Record<string, string> = { cookie, 'x-csrf-token': token, accept: 'application/json' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  try {
    const res = await fetch(`${base}${call.url}`, {
      method: call.method,
      headers,
      body: call.body ?? null,
      signal: controller.signal,
    });
    const sessionChanged = res.headers.has('x-session-changed');
    // A stream (server-sent events) answers with its status and then stays open: its status is the answer.
    if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      controller.abort();
      return { call, status: res.status, detail: 'stream', sessionChanged };
    }
    const text = await res.text();
    return { call, status: res.status, detail: text.slice(0, 300), sessionChanged };
  } catch (error) {
    const hung = controller.signal.aborted;
    return {
      call,
      status: hung ? -1 : 0,
      detail: hung ? `no answer in ${CALL_TIMEOUT_MS} ms` : String(error),
      sessionChanged: false,
    };
  } finally {
    clearTimeout(timer);
  }
}

describe('hostile input, generated from the OpenAPI document', () => {
  it('never answers 5xx or hangs, and refused calls change nothing', async () => {
    const { calls, baselines, operations } = generateCalls();
    expect(operations.length).toBeGreaterThan(40);
    const total = calls.flat().length + baselines.length;
    expect(total).toBeGreaterThan(1000);

    const failures: string[] = [];
    let batches = 0;
    let checked = 0;
    let token = await owner.csrf();
    let cookie = owner.cookieHeader();
    let before = await databaseFingerprint(t.services.pool);
    const baselineStatus = new Map<string, number>();
    for (const group of [...calls, ...baselines.map((b) => [b])]) {
      for (let i = 0; i < group.length; i += BATCH) {
        const batch = group.slice(i, i + BATCH);
        const outcomes = await Promise.all(batch.map((c) => send(c, cookie, token)));
        for (const o of outcomes) {
          if (o.call.what === 'baseline') baselineStatus.set(o.call.key, o.status);
          if (o.status >= 500 || o.status <= 0)
            failures.push(`${o.call.key} [${o.call.what}] -> ${o.status} ${o.detail}`);
        }
        // Calls refused (4xx), and reads, must leave the database as it was.
        const after = await databaseFingerprint(t.services.pool);
        const inert = outcomes.every((o) => (o.status >= 400 && o.status < 500) || o.call.method === 'GET');
        batches += 1;
        if (inert) checked += 1;
        if (inert && after !== before)
          failures.push(
            `${batch[0]!.key}: refused calls or reads changed the database (${batch.map((c) => c.what).join('; ')})`,
          );
        before = after;
        // A call that ended or replaced the owner's session (sign-out, sign-in): sign in again.
        if (outcomes.some((o) => o.sessionChanged) && (await owner.get('/api/me')).statusCode !== 200) {
          const signIn = await owner.post('/api/session', { email: ownerEmail, password: 'correct horse battery' });
          expect(signIn.statusCode, signIn.body).toBe(200);
          token = await owner.csrf();
          cookie = owner.cookieHeader();
          before = await databaseFingerprint(t.services.pool);
        }
      }
    }
    expect(failures, `${failures.length} of ${total} calls`).toEqual([]);
    // Most batches are all refused calls or reads, so the database check applies to them.
    expect(checked).toBeGreaterThan(batches * 0.8);
    // The made-up values are good enough for most operations to get past validation, so the
    // hostile calls reach the handlers rather than all stopping at the schema.
    const stopped = [...baselineStatus].filter(([, status]) => status === 422 || status === 400);
    expect(stopped.length, `baselines refused by validation: ${stopped.map(([k]) => k).join(', ')}`).toBeLessThan(
      baselines.length * 0.3,
    );
  }, 300_000);
});
