import {
  autoSyncAnswerSchema,
  autoSyncBodySchema,
  checkAnswerSchema,
  checkBodySchema,
  connectAnswerSchema,
  contactsImportBodySchema,
  contactsImportedSchema,
  contactsPageSchema,
  contactsPreviewSchema,
  importBodySchema,
  integrationListSchema,
  invoicesImportedSchema,
  invoicesPageSchema,
  pageQuerySchema,
  redirectAnswerSchema,
  redirectBodySchema,
} from '@lp/domain';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs.js';
import type { App } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import type { PostcodeService } from '../../providers/postcodes.js';
import { setAutoSync } from './auto-sync.js';
import { checkConnection } from './check-connection.js';
import { disconnect } from './disconnect.js';
import { finishConnection } from './finish-connection.js';
import { importContacts, previewContacts } from './import-contacts.js';
import { importInvoices } from './import-invoices.js';
import { listIntegrations } from './list-integrations.js';
import { listContacts, listInvoices } from './list-records.js';
import type { Integrations } from './service.js';
import { startConnection } from './start-connection.js';

/**
 * Integrations (part 2 sections 2, 3, 4, 6, 7 and 8; issue 15; decision 0021): connect, check,
 * disconnect, auto-sync, and the accounting providers' contacts and invoices with their imports.
 * Every route needs manage_integrations; a provider's plan feature is checked where it is named
 * (426 with the upgrade text). The provider in a path is the caller's own connection, never a record.
 */

const manage = { kind: 'member', anyOf: ['manage_integrations'] } as const;
const providerParams = z.object({ provider: z.string().max(40) });
const refusals = { 404: errorSchema, 409: errorSchema, 422: errorSchema, 426: errorSchema, 503: errorSchema };

interface Deps {
  pool: pg.Pool;
  blobs: BlobStore;
  postcodes: PostcodeService | null;
  integrations: Integrations;
}

export function registerIntegrationRoutes(app: App, deps: Deps) {
  const { pool, integrations: svc } = deps;
  const providerOf = (request: FastifyRequest) => providerParams.parse(request.params).provider;
  /** The named provider, 404 when there is none, 426 when the plan lacks its feature. */
  const allowed = (request: FastifyRequest, accounting = false) => {
    const p = accounting ? svc.accountingProvider(providerOf(request)) : svc.provider(providerOf(request));
    svc.requirePlan(request.auth!.row.current_plan, p.info);
    return p;
  };

  app.get(
    '/api/integrations',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Every provider with the company’s connection to it (never a token)',
        response: { 200: integrationListSchema },
      },
      config: { access: manage },
    },
    async (request) => ({
      integrations: await listIntegrations(pool, request.auth!.accountId, request.auth!.row.current_plan),
    }),
  );

  app.post(
    '/api/integrations/:provider/connect',
    {
      schema: {
        tags: ['integrations'],
        summary: "Start connecting: the provider's consent page to send the browser to (a state kept 10 minutes, PKCE)",
        params: providerParams,
        response: { 200: connectAnswerSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request);
      return startConnection(svc, pool, request.auth!, p.id);
    },
  );

  app.post(
    '/api/integrations/:provider/redirect',
    {
      schema: {
        tags: ['integrations'],
        summary:
          "The provider's return: the state is checked (once, this company and person, 10 minutes), the code exchanged, the connection stored",
        description:
          'additional_info carries what else the provider returned (QuickBooks: its realmId). A denial (error, or no auth_code) answers 400; an unknown, used, expired or foreign state 404.',
        params: providerParams,
        body: redirectBodySchema,
        response: { 200: redirectAnswerSchema, 400: errorSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request);
      return finishConnection(svc, pool, request.auth!, p.id, request.body);
    },
  );

  app.post(
    '/api/integrations/check',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Whether a connection works now (a cheap call to the provider with the stored tokens)',
        body: checkBodySchema,
        response: { 200: checkAnswerSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const { provider } = request.body;
      const p = svc.provider(provider);
      svc.requirePlan(request.auth!.row.current_plan, p.info);
      return checkConnection(svc, request.auth!.accountId, p.id);
    },
  );

  app.delete(
    '/api/integrations/:provider',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Disconnect: the tokens are deleted and revoked where the provider allows (imports stay)',
        params: providerParams,
        response: { 200: z.object({ provider: z.string(), message: z.string() }), 404: errorSchema },
      },
      config: { access: manage },
    },
    async (request) =>
      disconnect(svc, pool, request.auth!.accountId, svc.provider(providerOf(request)).id, request.log),
  );

  app.put(
    '/api/integrations/:provider/auto-sync',
    {
      schema: {
        tags: ['integrations'],
        summary:
          'Turn auto-sync on or off: a cloud drive copies letters; an accounting provider imports new invoices as letters every hour',
        params: providerParams,
        body: autoSyncBodySchema,
        response: { 200: autoSyncAnswerSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request);
      const body = request.body;
      return setAutoSync(svc, pool, request.auth!.accountId, p.id, body.sync, body.sync_uploads);
    },
  );

  app.get(
    '/api/integrations/:provider/contacts',
    {
      schema: {
        tags: ['integrations'],
        summary: "A page of an accounting provider's contacts, each saying whether it was imported",
        params: providerParams,
        querystring: pageQuerySchema,
        response: { 200: contactsPageSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request, true);
      return listContacts(svc, pool, request.auth!.accountId, p.id, request.query.page);
    },
  );

  app.get(
    '/api/integrations/:provider/invoices',
    {
      schema: {
        tags: ['integrations'],
        summary: "A page of an accounting provider's sales invoices (approved or paid), amounts in pence",
        params: providerParams,
        querystring: pageQuerySchema,
        response: { 200: invoicesPageSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request, true);
      return listInvoices(svc, pool, request.auth!.accountId, p.id, request.query.page);
    },
  );

  app.post(
    '/api/integrations/:provider/contacts/import/preview',
    {
      schema: {
        tags: ['integrations'],
        summary:
          'What importing the chosen contacts would do, writing nothing: new, matched (how, and the fields that would change, old → new) or refused',
        params: providerParams,
        body: importBodySchema,
        response: { 200: contactsPreviewSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request, true);
      return previewContacts(svc, deps, request.auth!.accountId, p.id, request.body.ids);
    },
  );

  app.post(
    '/api/integrations/:provider/contacts/import',
    {
      schema: {
        tags: ['integrations'],
        summary:
          'The chosen contacts become customers (matched by an earlier import, then email, then name and postcode); a matched customer is updated only when its contact is in `update`',
        params: providerParams,
        body: contactsImportBodySchema,
        response: { 200: contactsImportedSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request, true);
      return importContacts(svc, deps, request.auth!.accountId, p.id, request.body.ids, request.body.update);
    },
  );

  app.post(
    '/api/integrations/:provider/invoices/import',
    {
      schema: {
        tags: ['integrations'],
        summary:
          "The chosen invoices become letters (a PDF addressed to the contact, analysed like an upload, linked to the contact's customer)",
        description: 'An invoice imported before answers its letter (existing: true).',
        params: providerParams,
        body: importBodySchema,
        response: { 200: invoicesImportedSchema, ...refusals },
      },
      config: { access: manage },
    },
    async (request) => {
      const p = allowed(request, true);
      return importInvoices(svc, deps, request.auth!, p.id, request.body.ids);
    },
  );
}
