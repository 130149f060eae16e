import { callProvider, ProviderError } from './http.js';
import { addressOf, arrayOf, emailOf, isoDate, objectOf, record, text, toNumber, toPence } from './mapping.js';
import {
  type AccountingClient,
  type CallContext,
  type ClientDeps,
  type ExternalContact,
  type ExternalInvoice,
  type Organisation,
  PAGE_SIZE,
} from './types.js';

/**
 * Sage Business Cloud Accounting's API v3.1: GET /v3.1/businesses lists the businesses a user may
 * reach, every other call names one in the X-Business header. Lists are paged
 * ({ $items, $next, $total }, items_per_page at most 200) and answer full records with
 * attributes=all; one record is GET /v3.1/contacts/{id} or /v3.1/sales_invoices/{id}.
 */

/** Sage ids are 32 hexadecimal digits; nothing else is sent in a path. */
const SAGE_ID = /^[A-Za-z0-9]{1,64}$/;

export function mapSageContact(c: Record<string, unknown>): ExternalContact {
  const a = record(c.main_address);
  const person = record(c.main_contact_person);
  return {
    externalId: String(c.id),
    name: text(c.name, 200) ?? text(c.displayed_as, 200) ?? '',
    email: emailOf(c.email) ?? emailOf(person.email),
    phone: text(person.telephone, 40) ?? text(person.mobile, 40),
    ...addressOf([a.address_line_1, a.address_line_2, a.city, a.region], a.postal_code, record(a.country).id),
  };
}

export function mapSageInvoice(i: Record<string, unknown>): ExternalInvoice {
  const contact = record(i.contact);
  const lines = arrayOf(i.invoice_lines).map((l) => ({
    description: text(l.description, 1000) ?? '',
    quantity: toNumber(l.quantity, 1),
    unitAmount: toPence(l.unit_price),
    netAmount: toPence(l.net_amount),
    vatAmount: toPence(l.tax_amount),
    vatRate: text(record(l.tax_rate).displayed_as, 60),
  }));
  const outstanding = toPence(i.outstanding_amount);
  const status = record(i.status).id;
  return {
    externalId: String(i.id),
    number: text(i.invoice_number, 100) ?? text(i.displayed_as, 100) ?? String(i.id),
    contactExternalId: String(contact.id ?? ''),
    contactName: text(i.contact_name, 200) ?? text(contact.displayed_as, 200) ?? '',
    issueDate: isoDate(i.date),
    dueDate: isoDate(i.due_date),
    currency: text(record(i.currency).id, 3) ?? 'GBP',
    lines,
    subtotal: toPence(i.net_amount),
    vat: toPence(i.tax_amount),
    total: toPence(i.total_amount),
    amountDue: outstanding,
    paid: status === 'PAID' || outstanding === 0,
    reference: text(i.reference, 200),
  };
}

/** Draft and void invoices are not sent. */
const offered = (i: Record<string, unknown>) => !['VOID', 'DRAFT'].includes(String(record(i.status).id));

export function createSageClient(deps: ClientDeps): AccountingClient {
  const size = deps.pageSize ?? PAGE_SIZE;
  const name = deps.provider.info.name;
  const base = deps.provider.apiBaseUrl;
  const get = async (ctx: CallContext, path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${base}/v3.1${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await callProvider(
      deps.fetch,
      deps.limiterFor(ctx.tenantId),
      url.toString(),
      {
        headers: {
          authorization: `Bearer ${ctx.accessToken}`,
          ...(ctx.tenantId ? { 'x-business': ctx.tenantId } : {}),
        },
      },
      name,
    );
    return res.body;
  };
  const organisation = async (ctx: CallContext): Promise<Organisation> => {
    const b = objectOf(await get(ctx, `/businesses/${ctx.tenantId ?? ''}`), name);
    return {
      id: String(b.id ?? ctx.tenantId),
      name: text(b.name, 200) ?? text(b.displayed_as, 200) ?? name,
      ...addressOf([b.address_line_1, b.address_line_2, b.city, b.region], b.postal_code, record(b.country).id),
    };
  };
  /** Records one by one (Sage has no filter by several ids); a missing one is left out. */
  const each = async (ctx: CallContext, kind: string, ids: readonly string[]) => {
    const out: Record<string, unknown>[] = [];
    for (const id of new Set(ids)) {
      if (!SAGE_ID.test(id)) continue;
      try {
        out.push(objectOf(await get(ctx, `/${kind}/${id}`), name));
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') continue;
        throw error;
      }
    }
    return out;
  };
  const list = async (ctx: CallContext, kind: string, page: number, query: Record<string, string> = {}) => {
    const body = objectOf(
      await get(ctx, `/${kind}`, {
        ...query,
        page: String(page),
        items_per_page: String(size),
        attributes: 'all',
      }),
      name,
    );
    return { rows: arrayOf(body.$items), nextPage: body.$next ? page + 1 : null };
  };

  return {
    async findTenant(accessToken) {
      const businesses = arrayOf(await get({ accessToken, tenantId: null }, '/businesses'));
      const chosen = businesses[0];
      if (!chosen || typeof chosen.id !== 'string')
        throw new ProviderError('refused', `${name} gave access to no business.`);
      return organisation({ accessToken, tenantId: chosen.id });
    },
    async check(ctx) {
      await organisation(ctx);
    },
    organisation,
    async listContacts(ctx, page) {
      const { rows, nextPage } = await list(ctx, 'contacts', page, { contact_type_id: 'CUSTOMER' });
      return { items: rows.map(mapSageContact), nextPage };
    },
    async listInvoices(ctx, page) {
      const { rows, nextPage } = await list(ctx, 'sales_invoices', page);
      return { items: rows.filter(offered).map(mapSageInvoice), nextPage };
    },
    async getContacts(ctx, ids) {
      return (await each(ctx, 'contacts', ids)).map(mapSageContact);
    },
    async getInvoices(ctx, ids) {
      return (await each(ctx, 'sales_invoices', ids)).filter(offered).map(mapSageInvoice);
    },
  };
}
