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
 * QuickBooks Online's Accounting API: every company is a realm (its id comes back with the code),
 * records are read with its query language, GET /v3/company/{realmId}/query?query=select * from
 * Customer ... STARTPOSITION n MAXRESULTS m (at most 1,000 rows a page), answering
 * { QueryResponse: { Customer: [...] } } (no array at all when nothing matched).
 */

/** The API version the mapping was written against. */
export const QUICKBOOKS_MINOR_VERSION = '75';
/** QuickBooks answers at most this many rows a query. */
export const QUICKBOOKS_MAX_RESULTS = 1000;

/** QuickBooks ids are decimal counters; anything else cannot be one (and must never reach a query). */
const QB_ID = /^\d{1,20}$/;

export function mapQuickBooksCustomer(c: Record<string, unknown>): ExternalContact {
  const a = record(c.BillAddr);
  const phone = text(record(c.PrimaryPhone).FreeFormNumber, 40) ?? text(record(c.Mobile).FreeFormNumber, 40);
  return {
    externalId: String(c.Id),
    name:
      text(c.DisplayName, 200) ??
      text(c.CompanyName, 200) ??
      [text(c.GivenName), text(c.FamilyName)].filter(Boolean).join(' '),
    email: emailOf(record(c.PrimaryEmailAddr).Address),
    phone,
    ...addressOf(
      [a.Line1, a.Line2, a.Line3, a.Line4, a.Line5, a.City, a.CountrySubDivisionCode],
      a.PostalCode,
      a.Country,
    ),
  };
}

export function mapQuickBooksInvoice(i: Record<string, unknown>): ExternalInvoice {
  const inclusive = i.GlobalTaxCalculation === 'TaxInclusive';
  const items = arrayOf(i.Line).filter(
    (l) => l.DetailType === 'SalesItemLineDetail' || l.DetailType === 'DescriptionOnly',
  );
  const lines = items.map((l) => {
    const d = record(l.SalesItemLineDetail);
    const amount = toPence(l.Amount);
    return {
      description: text(l.Description, 1000) ?? text(record(d.ItemRef).name, 1000) ?? '',
      quantity: toNumber(d.Qty, 1),
      unitAmount: d.UnitPrice === undefined ? amount : toPence(d.UnitPrice),
      netAmount: amount,
      // QuickBooks gives VAT for the whole invoice (TxnTaxDetail), not per line.
      vatAmount: null,
      vatRate: null,
    };
  });
  const vat = toPence(record(i.TxnTaxDetail).TotalTax);
  const total = toPence(i.TotalAmt);
  const subtotalLine = arrayOf(i.Line).find((l) => l.DetailType === 'SubTotalLineDetail');
  const subtotal = subtotalLine ? toPence(subtotalLine.Amount) : lines.reduce((s, l) => s + l.netAmount, 0);
  const balance = toPence(i.Balance);
  const customer = record(i.CustomerRef);
  return {
    externalId: String(i.Id),
    number: text(i.DocNumber, 100) ?? String(i.Id),
    contactExternalId: String(customer.value ?? ''),
    contactName: text(customer.name, 200) ?? '',
    issueDate: isoDate(i.TxnDate),
    dueDate: isoDate(i.DueDate),
    currency: text(record(i.CurrencyRef).value, 3) ?? 'GBP',
    lines,
    subtotal: inclusive ? total - vat : subtotal,
    vat,
    total,
    amountDue: balance,
    paid: balance === 0,
    reference: text(i.PrivateNote, 200),
  };
}

export function createQuickBooksClient(deps: ClientDeps): AccountingClient {
  const size = deps.pageSize ?? PAGE_SIZE;
  const name = deps.provider.info.name;
  const base = deps.provider.apiBaseUrl;
  const get = async (ctx: CallContext, realm: string, path: string, query: Record<string, string> = {}) => {
    if (!QB_ID.test(realm)) throw new ProviderError('not_found', `${name} has no such company.`);
    const url = new URL(`${base}/v3/company/${realm}${path}`);
    for (const [k, v] of Object.entries({ ...query, minorversion: QUICKBOOKS_MINOR_VERSION }))
      url.searchParams.set(k, v);
    const res = await callProvider(
      deps.fetch,
      deps.limiterFor(realm),
      url.toString(),
      { headers: { authorization: `Bearer ${ctx.accessToken}` } },
      name,
    );
    return objectOf(res.body, name);
  };
  const query = async (ctx: CallContext, statement: string) => {
    const body = await get(ctx, ctx.tenantId ?? '', '/query', { query: statement });
    return record(body.QueryResponse);
  };
  const organisation = async (ctx: CallContext): Promise<Organisation> => {
    const realm = ctx.tenantId ?? '';
    const info = record((await get(ctx, realm, `/companyinfo/${realm}`)).CompanyInfo);
    const a = record(info.CompanyAddr);
    return {
      id: realm,
      name: text(info.CompanyName, 200) ?? text(info.LegalName, 200) ?? name,
      ...addressOf([a.Line1, a.Line2, a.Line3, a.City, a.CountrySubDivisionCode], a.PostalCode, a.Country),
    };
  };
  const page = (n: number) => `STARTPOSITION ${(n - 1) * size + 1} MAXRESULTS ${size}`;
  const byIds = (ids: readonly string[]) =>
    ids
      .filter((id) => QB_ID.test(id))
      .map((id) => `'${id}'`)
      .join(', ');

  return {
    async findTenant(accessToken, hint) {
      const realm = hint?.realmId ?? '';
      if (!QB_ID.test(realm)) throw new ProviderError('refused', `${name} did not say which company was connected.`);
      return organisation({ accessToken, tenantId: realm });
    },
    async check(ctx) {
      await organisation(ctx);
    },
    organisation,
    async listContacts(ctx, n) {
      const r = await query(ctx, `select * from Customer where Active = true ORDERBY DisplayName ${page(n)}`);
      const rows = arrayOf(r.Customer);
      return { items: rows.map(mapQuickBooksCustomer), nextPage: rows.length >= size ? n + 1 : null };
    },
    async listInvoices(ctx, n) {
      const r = await query(ctx, `select * from Invoice ORDERBY TxnDate DESC ${page(n)}`);
      const rows = arrayOf(r.Invoice);
      return { items: rows.map(mapQuickBooksInvoice), nextPage: rows.length >= size ? n + 1 : null };
    },
    async getContacts(ctx, ids) {
      const list = byIds(ids);
      if (!list) return [];
      const r = await query(ctx, `select * from Customer where Id in (${list}) MAXRESULTS ${QUICKBOOKS_MAX_RESULTS}`);
      return arrayOf(r.Customer).map(mapQuickBooksCustomer);
    },
    async getInvoices(ctx, ids) {
      const list = byIds(ids);
      if (!list) return [];
      const r = await query(ctx, `select * from Invoice where Id in (${list}) MAXRESULTS ${QUICKBOOKS_MAX_RESULTS}`);
      return arrayOf(r.Invoice).map(mapQuickBooksInvoice);
    },
  };
}
