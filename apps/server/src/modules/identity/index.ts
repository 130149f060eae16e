// The public face of modules/identity: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { authErrorStatus, forwardCookies, toFetchHeaders } from './better-auth-bridge.js';
export { createInvitation, insertInvitation } from './create-invitation.js';
export { runPasswordResetRequest } from './password-reset.js';
export { registerIdentityRoutes } from './routes.js';
export { invitationLink, sendInvitationEmail } from './send-invitation.js';
