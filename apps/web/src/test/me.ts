import { ALL_PERMISSIONS, type Permission } from '@lp/domain';
import type { Me } from '../lib/session';

/** The signed-in owner the web tests use (Ada Lovelace of Acme Ltd), with what a test changes. */
export function testMe(
  over: { id?: string; abilities?: readonly Permission[]; plan?: string; roles?: string[] } = {},
): Me {
  return {
    user: {
      id: over.id ?? 'u1',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      email: 'ada@example.com',
      jobTitle: '',
      phoneNumber: '',
      department: null,
      roles: over.roles ?? ['owner'],
      permissions: { operational: [], observable: [], administrative: [] },
      acceptedInvite: true,
      firstTime: false,
    },
    account: {
      id: 'a1',
      name: 'Acme Ltd',
      currentPlan: over.plan ?? 'Business',
      planPrice: 2900,
      health: { status: 'active', reason: null },
      valid: true,
      restrictBalance: false,
    },
    abilities: [...(over.abilities ?? ALL_PERMISSIONS)],
  };
}
