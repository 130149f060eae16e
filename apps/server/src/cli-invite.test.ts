import { ADMIN_MESSAGES } from '@lp/domain';
import { describe, expect, it } from 'vitest';
import { inviteGrant } from './cli-invite.js';

describe('cli.js invite --roles --permissions', () => {
  it('takes preset roles only: never the owner, nothing made up', () => {
    expect(() => inviteGrant('owner', '')).toThrow(ADMIN_MESSAGES.roleOwner);
    expect(() => inviteGrant('Editor,Owner', '')).toThrow(ADMIN_MESSAGES.roleOwner);
    expect(() => inviteGrant('<img src=x onerror=alert(1)>', '')).toThrow(ADMIN_MESSAGES.roleUnknown);
    expect(() => inviteGrant('', 'see_letters,fly')).toThrow('Unknown permissions: fly');
  });

  it('grants a role its defaults when no permission is given, and what a task implies', () => {
    expect(inviteGrant('Contributor', '')).toEqual({
      roles: ['Contributor'],
      permissions: ['create_letter', 'create_parcel', 'send_letter', 'delete_letter', 'see_letters', 'see_parcels'],
    });
    expect(inviteGrant(' Editor , Editor ', 'create_letter')).toEqual({
      roles: ['Editor'],
      permissions: ['create_letter', 'see_letters'],
    });
    expect(inviteGrant('', '')).toEqual({ roles: [], permissions: [] });
  });
});
