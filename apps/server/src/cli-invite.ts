import {
  ADMIN_MESSAGES,
  isPermission,
  isRoleName,
  type Permission,
  permissionsFromRoles,
  type RoleName,
  withImpliedPermissions,
} from '@lp/domain';

const list = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/**
 * What `cli.js invite --roles … --permissions …` grants, as the invite panel would: roles are the
 * presets only (never the owner's), a role with no permissions given grants its defaults, and a
 * task brings what it implies. Throws with a message for the operator on anything unknown.
 */
export function inviteGrant(
  rolesText: string,
  permissionsText: string,
): { roles: RoleName[]; permissions: Permission[] } {
  const permissions = list(permissionsText);
  const unknown = permissions.filter((p) => !isPermission(p));
  if (unknown.length > 0) throw new Error(`Unknown permissions: ${unknown.join(', ')}`);
  const names = list(rolesText);
  const refused = names.filter((r) => !isRoleName(r));
  if (refused.length > 0) {
    const reason = refused.some((r) => r.toLowerCase() === 'owner')
      ? ADMIN_MESSAGES.roleOwner
      : ADMIN_MESSAGES.roleUnknown;
    throw new Error(`${reason} (got: ${refused.join(', ')})`);
  }
  const roles = names.filter(isRoleName);
  return {
    roles,
    permissions:
      permissions.length === 0
        ? permissionsFromRoles(roles.map((role) => ({ role, checked: [] })))
        : withImpliedPermissions(permissions as Permission[]),
  };
}
