import { parseArgs } from 'node:util';
import { emailField, findPlan, fullNameField, groupByKind } from '@lp/domain';
import pg from 'pg';
import { pino } from 'pino';
import { inviteGrant } from './cli-invite.js';
import { loadConfig } from './config.js';
import { createInvitation } from './modules/identity/create-invitation.js';
import { invitationLink, sendInvitationEmail } from './modules/identity/send-invitation.js';
import { databaseUrlFor } from './platform/database-url.js';
import { openServices } from './platform/services.js';

const usage = `Usage:
  node apps/server/dist/cli.js invite --account <account id> --email <email> --name <full name> [--roles Contributor,Editor] [--permissions a,b,c] [--invited-by <user id>]
      Creates an invited member and emails them the /invited/signUp link (also printed). Roles are the
      presets (Admin, Contributor, Editor, Supervisor; never owner); with no --permissions they grant their defaults.
  node apps/server/dist/cli.js plan --account <account id> --plan <Basic|Business|Pro|Enterprise>
      Sets a company's plan (an operator's tool until plans are chosen in the product).
Works against DATABASE_URL, or the embedded database of a running product (same DATA_DIR and EMBEDDED_PG_PORT).`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'plan') return setPlan(rest);
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
    await sendInvitationEmail(services.pool, config, { uniqueId, accountId: values.account, email, fullName });
    console.log(
      JSON.stringify({ uniqueId, accountId: values.account, link: invitationLink(config, uniqueId, values.account) }),
    );
  } finally {
    await services.close();
  }
}

async function setPlan(args: string[]) {
  const { values } = parseArgs({ args, options: { account: { type: 'string' }, plan: { type: 'string' } } });
  if (!values.account || !values.plan || !findPlan(values.plan)) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const pool = new pg.Pool({ connectionString: databaseUrlFor(config), max: 1 });
  try {
    const res = await pool.query('update accounts set current_plan = $2, updated_at = now() where id = $1', [
      values.account,
      values.plan,
    ]);
    if (res.rowCount === 0) throw new Error(`No company with id ${values.account}`);
    console.log(JSON.stringify({ accountId: values.account, plan: values.plan }));
  } finally {
    await pool.end();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
