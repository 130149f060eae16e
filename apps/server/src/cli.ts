import { parseArgs } from 'node:util';
import { emailField, fullNameField, groupByKind, poundsToPence } from '@lp/domain';
import pg from 'pg';
import { pino } from 'pino';
import { inviteGrant } from './cli-invite.js';
import { createInvitation, invitationLink, sendInvitationEmail } from './modules/identity/index.js';
import { resealIntegrationTokens } from './modules/integrations/index.js';
import { reconcile, recordBankTransfer, renewDuePlans } from './modules/money/index.js';
import { loadConfig } from './platform/config.js';
import { databaseUrlFor } from './platform/database-url.js';
import { inTransaction } from './platform/db/transaction.js';
import { keyRing } from './platform/secrets.js';
import { openServices } from './services.js';

const usage = `Usage:
  node apps/server/dist/cli.js invite --account <account id> --email <email> --name <full name> [--roles Contributor,Editor] [--permissions a,b,c] [--invited-by <user id>]
      Creates an invited member and emails them the /invited/signUp link (also printed). Roles are the
      presets (Admin, Contributor, Editor, Supervisor; never owner); with no --permissions they grant their defaults.
  node apps/server/dist/cli.js record-transfer --account <payment reference> --amount <pounds> --reference <bank reference> [--payer <name>]
      Credits a bank transfer received for a company, once per bank reference (repeating it changes nothing).
      --account is the reference the payer gave: the company's account reference (LP-7K3M-9QXD-2R4, in any
      case, with or without spaces and hyphens, alone or among other words) or its full account id.
  node apps/server/dist/cli.js renew-plans
      Charges every plan renewal that is due now (the workers do this by themselves; for catching up).
  node apps/server/dist/cli.js reconcile [--account <account id>]
      Checks the ledger's invariants; prints each breach and exits 1 when there is one.
  node apps/server/dist/cli.js reseal-integration-tokens
      Seals every integration's stored tokens again with the first key of INTEGRATION_KEYS (after a
      rotation; the workers also do it once at start). Prints how many; exits 1 when some no key opens.
Works against DATABASE_URL, or the embedded database of a running product (same DATA_DIR and EMBEDDED_PG_PORT).`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'record-transfer') return recordTransfer(rest);
  if (command === 'renew-plans') return renewPlans();
  if (command === 'reconcile') return reconcileLedger(rest);
  if (command === 'reseal-integration-tokens') return resealTokens();
  if (command !== 'invite') {
    console.error(usage);
    process.exit(2);
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      account: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      permissions: { type: 'string', default: '' },
      roles: { type: 'string', default: '' },
      'invited-by': { type: 'string' },
    },
  });
  if (!values.account || !values.email || !values.name) {
    console.error(usage);
    process.exit(2);
  }
  const { roles, permissions } = inviteGrant(values.roles, values.permissions);
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const services = await openServices(config, databaseUrlFor(config), log);
  try {
    const email = emailField.parse(values.email);
    const fullName = fullNameField.parse(values.name);
    const { uniqueId } = await createInvitation(services.pool, {
      accountId: values.account,
      invitedBy: values['invited-by'] ?? null,
      email,
      fullName,
      roles,
      permissions: groupByKind(permissions),
      ttlDays: config.INVITATION_TTL_DAYS,
    });
    await sendInvitationEmail(services.pool, config, {
      uniqueId,
      accountId: values.account,
      email,
      fullName,
      invitedBy: values['invited-by'] ?? null,
    });
    console.log(
      JSON.stringify({ uniqueId, accountId: values.account, link: invitationLink(config, uniqueId, values.account) }),
    );
  } finally {
    await services.close();
  }
}

async function withPool<T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const pool = new pg.Pool({ connectionString: databaseUrlFor(config), max: 2 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

async function recordTransfer(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      amount: { type: 'string' },
      reference: { type: 'string' },
      payer: { type: 'string' },
    },
  });
  const pence = values.amount ? poundsToPence(values.amount.replace(/^£/, '')) : null;
  const reference = values.reference?.trim() ?? '';
  if (!values.account || pence === null || pence <= 0 || reference === '' || reference.length > 200) {
    console.error(usage);
    process.exit(2);
  }
  await withPool(async (pool) => {
    const entry = await inTransaction(pool, (client) =>
      recordBankTransfer(client, {
        payerReference: values.account!,
        bankReference: reference,
        amount: pence,
        payer: values.payer ?? null,
      }),
    );
    if (!entry) throw new Error(`No company has the account reference or id ${values.account}`);
    console.log(
      JSON.stringify({
        accountId: entry.accountId,
        entryId: entry.id,
        amount: pence,
        alreadyRecorded: entry.replayed,
        planRenewed: entry.planRenewed,
      }),
    );
  });
}

async function renewPlans() {
  await withPool(async (pool) => console.log(JSON.stringify(await renewDuePlans(pool))));
}

async function reconcileLedger(args: string[]) {
  const { values } = parseArgs({ args, options: { account: { type: 'string' } } });
  const breaches = await withPool((pool) => reconcile(pool, values.account ?? null));
  for (const b of breaches) console.error(`${b.check}: ${b.account_id ?? '-'}: ${b.detail}`);
  console.log(JSON.stringify({ ok: breaches.length === 0, breaches: breaches.length }));
  if (breaches.length > 0) process.exitCode = 1;
}

async function resealTokens() {
  const config = loadConfig();
  const ring = keyRing(config.integrationKeys, config.authSecret);
  const outcome = await withPool((pool) => resealIntegrationTokens(pool, ring));
  console.log(JSON.stringify(outcome));
  if (outcome.unreadable > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
