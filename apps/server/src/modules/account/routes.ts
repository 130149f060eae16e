import {
  ACCOUNT_SETTINGS_TEXT,
  changePasswordSchema,
  listPreferencesSchema,
  listPreferencesUpdateSchema,
  profileAnswerSchema,
  profileUpdateSchema,
} from '@lp/domain';
import type pg from 'pg';
import { z } from 'zod';
import type { Auth } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import type { App } from '../../platform/http.js';
import { errorSchema, messageSchema } from '../../platform/http.js';
import { changePassword } from './change-password.js';
import { getListPreferences, saveListPreferences } from './list-preferences.js';
import { getProfile, updateProfile } from './profile.js';

export interface AccountDeps {
  pool: pg.Pool;
  auth: Auth;
  config: Pick<Config, 'AUTH_RATE_LIMIT'>;
}

/**
 * /accountSettings (issue 16): the signed-in user's own profile, password and list preferences.
 * Every route acts on the session's user only: no route takes a user id, so nobody else's settings
 * can be named. Sign out everywhere is DELETE /api/sessions (identity).
 */
export function registerAccountRoutes(app: App, { pool, auth, config }: AccountDeps): void {
  const member = { access: { kind: 'member' as const } };
  // The person's own profile and list preferences: a program reads them, only the person changes them (decision 0028).
  const personOnly = { ...member, webOnly: true };

  app.get(
    '/api/me/profile',
    {
      schema: {
        tags: ['account settings'],
        summary: "The signed-in user's own profile",
        response: { 200: profileAnswerSchema, 401: errorSchema },
      },
      config: member,
    },
    async (request) => getProfile(pool, request.auth!.userId),
  );

  app.put(
    '/api/me/profile',
    {
      schema: {
        tags: ['account settings'],
        summary: "Saves the signed-in user's name, job title and phone number (a UK number)",
        body: profileUpdateSchema,
        response: { 200: profileAnswerSchema.extend({ message: z.string() }), 401: errorSchema, 422: errorSchema },
      },
      config: personOnly,
    },
    async (request) => {
      const saved = await updateProfile(pool, request.auth!, request.body);
      return { message: ACCOUNT_SETTINGS_TEXT.profileSaved, ...saved };
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        tags: ['account settings'],
        summary:
          'Changes the password (the current one required); every other session ends and this one continues on a new cookie',
        body: changePasswordSchema,
        response: { 200: messageSchema, 401: errorSchema, 422: errorSchema, 429: errorSchema },
      },
      config: { ...member, webOnly: true, rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await changePassword({ auth, pool }, request, reply, request.body);
      return { message: ACCOUNT_SETTINGS_TEXT.passwordChanged };
    },
  );

  app.get(
    '/api/me/list-preferences',
    {
      schema: {
        tags: ['account settings'],
        summary: "The signed-in user's list preferences: which of the letters list's tabs they see",
        response: { 200: listPreferencesSchema, 401: errorSchema },
      },
      config: member,
    },
    async (request) => getListPreferences(pool, request.auth!.userId),
  );

  app.put(
    '/api/me/list-preferences',
    {
      schema: {
        tags: ['account settings'],
        summary:
          'Saves list preferences (showUploaded, showScheduled, showSent, showFailed; booleans); keys not sent stay',
        body: listPreferencesUpdateSchema,
        response: { 200: listPreferencesSchema.extend({ message: z.string() }), 401: errorSchema, 422: errorSchema },
      },
      config: personOnly,
    },
    async (request) => {
      const saved = await saveListPreferences(pool, request.auth!.userId, request.body);
      return { message: ACCOUNT_SETTINGS_TEXT.listsSaved, ...saved };
    },
  );
}
