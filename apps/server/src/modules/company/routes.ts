import {
  COMPANY_MESSAGES,
  companyDetailsBodySchema,
  companyProfileSchema,
  registrationLookupAnswerSchema,
  registrationNumberBodySchema,
} from '@lp/domain';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import type { App } from '../../platform/http.js';
import { errorSchema } from '../../platform/http.js';
import type { CompanyRegister } from '../../providers/company-register.js';
import { getCompanyProfile } from './get-company-profile.js';
import { lookupActiveCompany, RegisterUnavailableError } from './lookup-registration.js';
import { saveCompanyDetails } from './save-company-details.js';
import { saveRegistration } from './save-registration.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The company register the routes ask (tests take the sandbox down through it). */
    companyRegister: CompanyRegister;
  }
}

export interface CompanyRouteDeps {
  pool: pg.Pool;
  register: CompanyRegister;
}

const lookupErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema, 503: errorSchema };
/** Lookups cost a share of the register's 600 requests in 5 minutes: a caller gets at most this many a minute. */
const lookupRateLimit = { max: 60, timeWindow: '1 minute' };

/** Asks the register, with Retry-After on the 503 when the register said how long to wait. */
async function lookUp(register: CompanyRegister, typed: string, reply: FastifyReply) {
  try {
    return await lookupActiveCompany(register, typed);
  } catch (error) {
    if (error instanceof RegisterUnavailableError && error.retryAfterSeconds !== null)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * The company profile (issue 16, decision 0022): every member reads it; manage_company (the owner
 * holds it) looks the company up in the UK register and keeps what it says; edit_company_address
 * keeps the postal address and VAT number.
 */
export function registerCompanyRoutes(app: App, deps: CompanyRouteDeps): void {
  const { pool, register } = deps;
  app.decorate('companyRegister', register);

  app.get(
    '/api/company',
    {
      schema: {
        tags: ['company'],
        summary:
          "The caller's company: name, registration, postal address, VAT number, plan, health, members and, when the member may see it, the balance (pence)",
        response: { 200: companyProfileSchema, 401: errorSchema },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => getCompanyProfile(pool, request.auth!),
  );

  app.post(
    '/api/company/registration/lookup',
    {
      schema: {
        tags: ['company'],
        summary:
          'Looks a company number up in the UK company register (manage_company); an unknown or inactive company answers the spec message',
        body: registrationNumberBodySchema,
        response: { 200: registrationLookupAnswerSchema, ...lookupErrors },
      },
      config: { access: { kind: 'member', anyOf: ['manage_company'] }, rateLimit: lookupRateLimit },
    },
    async (request, reply) => {
      const { registration_number } = request.body;
      return { company: await lookUp(register, registration_number, reply) };
    },
  );

  app.put(
    '/api/company/registration',
    {
      schema: {
        tags: ['company'],
        summary:
          "Looks the number up again and keeps what the register says as the company's registration (manage_company)",
        body: registrationNumberBodySchema,
        response: {
          200: registrationLookupAnswerSchema.extend({ checked_at: z.string(), message: z.string() }),
          ...lookupErrors,
        },
      },
      config: { access: { kind: 'member', anyOf: ['manage_company'] }, rateLimit: lookupRateLimit },
    },
    async (request, reply) => {
      const { registration_number } = request.body;
      const company = await lookUp(register, registration_number, reply);
      const checkedAt = await saveRegistration(pool, request.auth!, company);
      return { company, checked_at: checkedAt.toISOString(), message: COMPANY_MESSAGES.registrationSaved };
    },
  );

  app.put(
    '/api/company/details',
    {
      schema: {
        tags: ['company'],
        summary:
          "Saves the company's postal address (parcels' default sender), VAT number and reply-to email for letters sent by email (edit_company_address); null clears each, an absent reply_to_email keeps it",
        body: companyDetailsBodySchema,
        response: {
          200: z.object({
            postal_address: companyProfileSchema.shape.postal_address,
            vat_number: z.string().nullable(),
            reply_to_email: z.string().nullable().optional(),
            message: z.string(),
          }),
          403: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['edit_company_address'] } },
    },
    async (request) => {
      const body = request.body;
      await saveCompanyDetails(pool, request.auth!, body);
      return { ...body, message: COMPANY_MESSAGES.detailsSaved };
    },
  );
}
