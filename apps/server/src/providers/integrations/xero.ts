import { callProvider, ProviderError } from './http.js';
import {
  addressOf,
  arrayOf,
  emailOf,
  isoDate,
  jwtClaims,
  objectOf,
  record,
  text,
  toNumber,
  toPence,
} from './mapping.js';
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
 * Xero's Accounting API (api.xro/2.0): GET /connections lists the organisations a token reaches,
 * every call names one in the xero-tenant-id header. Contacts and invoices are paged 100 at a time
 * (pageSize), with pagination metadata; IDs= fetches chosen records. Only sales invoices (ACCREC)
 * that are approved or paid are offered.
 */

/** Xero's tax types for UK sales, as people read them. */
const TAX_TYPES: Record<string, string> = {
  OUTPUT2: '20%',
  RROUTPUT: '5%',
  ZERORATEDOUTPUT: '0%',
  EXEMPTOUTPUT: 'Exempt',
  NONE: 'No VAT',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function mapXeroContact(c: Record<string, unknown>): ExternalContact {
  const addresses = arrayOf(c.Addresses);
  const filled = (a: Record<string, unknown>) => !!(text(a.AddressLine1) || text(a.PostalCode));
  // The postal address (POBOX in Xero's words) is where letters go; the street address otherwise.
  const a = addresses.find((x) => x.AddressType === 'POBOX' && filled(x)) ?? addresses.find((x) => filled(x)) ?? {};
  const phones = arrayOf(c.Phones);
  const phone = phones.find((p) => p.PhoneType === 'DEFAULT' && text(p.PhoneNumber)) ??
    phones.find((p) => p.PhoneType === 'MOBILE' && text(p.PhoneNumber)) ?? { PhoneNumber: null };
  const number = [text(phone.PhoneAreaCode), text(phone.PhoneNumber)].filter(Boolean).join(' ');
  return {
    externalId: String(c.ContactID),
    name: text(c.Name, 200) ?? [text(c.FirstName), text(c.LastName)].filter(Boolean).join(' '),
    email: emailOf(c.EmailAddress),
    phone: number || null,
    ...addressOf(
      [a.AddressLine1, a.AddressLine2, a.AddressLine3, a.AddressLine4, a.City, a.Region],
      a.PostalCode,
      a.Country,
    ),
  };
}

export function mapXeroInvoice(i: Record<string, unknown>): ExternalInvoice {
  const contact = record(i.Contact);
  const inclusive = i.LineAmountTypes === 'Inclusive';
  const lines = arrayOf(i.LineItems).map((l) => {
    const lineAmount = toPence(l.LineAmount);
    const vat = toPence(l.TaxAmount);
    return {
      description: text(l.Description, 1000) ?? '',
      quantity: toNumber(l.Quantity, 1),
      unitAmount: toPence(l.UnitAmount),
      netAmount: inclusive ? lineAmount - vat : lineAmount,
      vatAmount: vat,
      vatRate: TAX_TYPES[String(l.TaxType)] ?? null,
    };
  });
  const amountDue = toPence(i.AmountDue);
  return {
    externalId: String(i.InvoiceID),
    number: text(i.InvoiceNumber, 100) ?? String(i.InvoiceID),
    contactExternalId: String(contact.ContactID ?? ''),
    contactName: text(contact.Name, 200) ?? '',
    issueDate: isoDate(i.DateString) ?? isoDate(i.Date),
    dueDate: isoDate(i.DueDateString) ?? isoDate(i.DueDate),
    currency: text(i.CurrencyCode, 3) ?? 'GBP',
    lines,
    subtotal: toPence(i.SubTotal),
    vat: toPence(i.TotalTax),
    total: toPence(i.Total),
    amountDue,
    paid: i.Status === 'PAID' || amountDue === 0,
    reference: text(i.Reference, 200),
  };
}

const offered = (i: Record<string, unknown>) =>
  i.Type === 'ACCREC' && (i.Status === 'AUTHORISED' || i.Status === 'PAID');

export function createXeroClient(deps: ClientDeps): AccountingClient {
  const size = deps.pageSize ?? PAGE_SIZE;
  const name = deps.provider.info.name;
  const base = deps.provider.apiBaseUrl;
  const get = async (ctx: CallContext, path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${base}/api.xro/2.0${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await callProvider(
      deps.fetch,
      deps.limiterFor(ctx.tenantId),
      url.toString(),
      { headers: { authorization: `Bearer ${ctx.accessToken}`, 'xero-tenant-id': ctx.tenantId ?? '' } },
      name,
    );
    return objectOf(res.body, name);
  };
  const nextPage = (body: Record<string, unknown>, page: number, count: number) => {
    const p = record(body.pagination);
    if (typeof p.pageCount === 'number') return page < p.pageCount ? page + 1 : null;
    return count >= size ? page + 1 : null;
  };
  const organisation = async (ctx: CallContext): Promise<Organisation> => {
    const body = await get(ctx, '/Organisation');
    const org = arrayOf(body.Organisations)[0];
    if (!org) throw new ProviderError('refused', `${name} answered without the organisation.`);
    const addresses = arrayOf(org.Addresses);
    const a = addresses.find((x) => x.AddressType === 'POBOX') ?? addresses[0] ?? {};
    return {
      id: ctx.tenantId ?? '',
      name: text(org.Name, 200) ?? text(org.LegalName, 200) ?? '',
      ...addressOf(
        [a.AddressLine1, a.AddressLine2, a.AddressLine3, a.AddressLine4, a.City, a.Region],
        a.PostalCode,
        a.Country,
      ),
    };
  };

  return {
    async findTenant(accessToken) {
      const res = await callProvider(
        deps.fetch,
        deps.limiterFor(null),
        `${base}/connections`,
        { headers: { authorization: `Bearer ${accessToken}` } },
        name,
      );
      const connections = arrayOf(res.body).filter((c) => c.tenantType === 'ORGANISATION');
      // The organisations this very consent added carry its authentication event; the newest otherwise.
      const event = jwtClaims(accessToken).authentication_event_id;
      const sorted = [...connections].sort((a, b) => String(b.createdDateUtc).localeCompare(String(a.createdDateUtc)));
      const chosen = sorted.find((c) => event && c.authEventId === event) ?? sorted[0];
      if (!chosen || typeof chosen.tenantId !== 'string')
        throw new ProviderError('refused', `${name} gave access to no organisation.`);
      return { id: chosen.tenantId, name: text(chosen.tenantName, 200) ?? name, addressLines: [], postcode: null };
    },
    async check(ctx) {
      await get(ctx, '/Organisation');
    },
    organisation,
    async listContacts(ctx, page) {
      const body = await get(ctx, '/Contacts', { page: String(page), pageSize: String(size), order: 'Name ASC' });
      const items = arrayOf(body.Contacts).map(mapXeroContact);
      return { items, nextPage: nextPage(body, page, items.length) };
    },
    async listInvoices(ctx, page) {
      const body = await get(ctx, '/Invoices', {
        page: String(page),
        pageSize: String(size),
        Statuses: 'AUTHORISED,PAID',
        where: 'Type=="ACCREC"',
        order: 'Date DESC',
      });
      const all = arrayOf(body.Invoices);
      return { items: all.filter(offered).map(mapXeroInvoice), nextPage: nextPage(body, page, all.length) };
    },
    async getContacts(ctx, ids) {
      const wanted = ids.filter((id) => UUID.test(id));
      if (wanted.length === 0) return [];
      const body = await get(ctx, '/Contacts', { IDs: wanted.join(','), includeArchived: 'true' });
      return arrayOf(body.Contacts).map(mapXeroContact);
    },
    async getInvoices(ctx, ids) {
      const wanted = ids.filter((id) => UUID.test(id));
      if (wanted.length === 0) return [];
      // With a page, Xero answers invoices with their line items.
      const body = await get(ctx, '/Invoices', { IDs: wanted.join(','), page: '1', pageSize: String(PAGE_SIZE) });
      return arrayOf(body.Invoices).filter(offered).map(mapXeroInvoice);
    },
  };
}
