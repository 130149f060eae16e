import { MESSAGES } from '@lp/domain';
import type { QueryClient } from '@tanstack/react-query';
import { greetingName } from '../../lib/greeting';
import { notify } from '../../lib/notify';
import { type Me, startSession } from '../../lib/session';

/** After sign-in, sign-up or accepting an invitation: keep the session and greet the user by first name. */
export function welcome(queryClient: QueryClient, me: Me): void {
  startSession(queryClient, me);
  notify(MESSAGES.welcome(greetingName(me)), { variant: 'success' });
}
