import { firstName } from '@lp/domain';
import type { Me } from './session';

// Kept apart from session.ts; firstName lives in @lp/domain's names module, not with the zod schemas:
// /signIn loads neither zod nor @lp/domain's validation module.

/** The first name used to greet the user. */
export function greetingName(me: Me): string {
  return me.user.firstName || firstName(me.user.name) || me.user.email;
}
