import type { App, PlatformDeps } from '../../platform/http.js';
import { registerInvitationRoutes } from './invitations.js';
import { registerPasswordResetRoutes } from './password-reset.js';
import { registerSessionRoutes } from './session.js';
import { registerSignUp } from './sign-up.js';

export function registerIdentityRoutes(app: App, deps: PlatformDeps) {
  registerSessionRoutes(app, deps);
  registerSignUp(app, deps);
  registerPasswordResetRoutes(app, deps);
  registerInvitationRoutes(app, deps);
}
