/**
 * API keys (issue 26, decision 0028): what programs call the API with, as `Authorization: Bearer
 * lp_<mode>_<prefix>_<secret>`. The rules the server checks and the web's form shows, defined once.
 */

/** A live key's letters are sent; a test key's go to the sandboxes only. */
export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/** The longest name a key may have. */
export const API_KEY_NAME_MAX = 100;
/** A key expires at most this many days after it is made (two years). */
export const API_KEY_MAX_DAYS = 730;

/** The shape of a key: `lp_live_` or `lp_test_`, a 12-character prefix, `_`, a 43-character secret. */
export const API_KEY_PATTERN = /^lp_(live|test)_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** How a key is shown once made: its mode and prefix, never its secret (`lp_live_ab12cd34ef56…`). */
export function apiKeyHint(mode: ApiKeyMode, prefix: string): string {
  return `lp_${mode}_${prefix}…`;
}

/** How history and audit name an action a program took with a key: "API key 'ERP' of Jane Smith". */
export function apiKeyActorName(keyName: string, memberName: string): string {
  return `API key '${keyName}' of ${memberName}`;
}

export const API_KEY_MESSAGES = {
  beyondOwnPermissions: (p: string) => `You cannot give a key a permission you do not hold yourself (${p}).`,
  unknownPermission: (p: string) => `${p} is not a permission.`,
  expiryInPast: 'The expiry date must be in the future.',
  expiryTooFar: 'A key expires at most two years from today.',
  notForKeys: 'This action is only available to a signed-in person, not to an API key.',
  cookieAndKey: 'Send either a session cookie or an API key, not both.',
  malformedAuthorization: 'The Authorization header must be "Bearer" followed by an API key.',
  invalidKey: 'This API key is not valid: it is unknown, revoked or expired.',
  testKeyParcels:
    'A test API key can quote parcels but not book them: booking a courier is real. Use a live key to book.',
  keyRateLimited: (limit: number, seconds: number) =>
    `This API key made more than ${limit} requests in a minute. Wait ${seconds} seconds (Retry-After) and try again.`,
  companyRateLimited: (limit: number, seconds: number) =>
    `Your company's API keys made more than ${limit} requests in a minute together. Wait ${seconds} seconds (Retry-After) and try again.`,
} as const;

/** What the Developers section of /accountSettings says. */
export const DEVELOPERS_TEXT = {
  heading: 'Developers',
  intro:
    'API keys let your own programs (an ERP, a billing system, a CRM) send letters through the API with "Authorization: Bearer <key>". A key acts as the person who made it, with only the permissions ticked.',
  tableLabel: 'API keys',
  none: 'No API keys yet.',
  create: 'Create API key',
  createTitle: 'Create an API key',
  name: 'Name',
  permissionsLegend: 'Permissions the key acts with',
  permissionsHelp: 'Only permissions you hold yourself can be given.',
  expires: 'Expires on (optional)',
  modeLegend: 'Mode',
  live: 'Live',
  test: 'Test',
  cancel: 'Cancel',
  createSubmit: 'Create key',
  secretTitle: 'Your new API key',
  secretWarning: 'Copy this key now and keep it somewhere safe: it will not be shown again.',
  secretLabel: 'API key',
  copy: 'Copy',
  copied: 'API key copied.',
  done: 'Done',
  revoke: 'Revoke',
  revokeConfirm: (name: string) => `Revoke the API key "${name}"? Programs using it are refused at once.`,
  revoked: 'API key revoked.',
  statusActive: 'Active',
  statusRevoked: 'Revoked',
  statusExpired: 'Expired',
  never: 'Never',
  nobody: 'A removed member',
  columns: ['Name', 'Key', 'Mode', 'Permissions', 'Created by', 'Created', 'Last used', 'Expires', 'Status', 'Actions'],
} as const;
