import { firstName } from '@lp/domain';
import type { Me } from './session';

// Kept apart from session.ts: @lp/domain's validation module (and with it zod) stays out of the entry chunk.

/** The first name used to greet the user. */
export function greetingName(me: Me): string {
  return me.user.firstName || firstName(me.user.name) || me.user.email;
}
