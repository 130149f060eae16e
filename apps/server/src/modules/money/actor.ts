import { type AuthContext, actorName } from '../../platform/access.js';
import type { Actor } from './ledger.js';

/** Who moves money, as the ledger records them: the signed-in member. */
export function actorOf(auth: AuthContext): Actor {
  return { userId: auth.userId, name: actorName(auth), email: auth.row.email };
}
