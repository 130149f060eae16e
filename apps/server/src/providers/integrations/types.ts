import type { Fetch } from './http.js';
import type { ResolvedProvider } from './registry.js';

/** A contact of an accounting provider, mapped from its documented shape. Amounts are pence. */
export interface ExternalContact {
  externalId: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The address lines without the postcode (street lines, town, region; the country when not the UK). */
  addressLines: string[];
  postcode: string | null;
}

export interface ExternalInvoiceLine {
  description: string;
  quantity: number;
  /** Pence, before VAT. */
  unitAmount: number;
  /** Pence, before VAT. */
  netAmount: number;
  /** Pence (null when the provider gives VAT only for the whole invoice). */
  vatAmount: number | null;
  /** "20%", "Zero rated", as the provider names the rate (null when it does not say). */
  vatRate: string | null;
}

export interface ExternalInvoice {
  externalId: string;
  /** The number the user knows it by (INV-0042). */
  number: string;
  contactExternalId: string;
  contactName: string;
  /** YYYY-MM-DD. */
  issueDate: string | null;
  dueDate: string | null;
  currency: string;
  lines: ExternalInvoiceLine[];
  /** Pence. */
  subtotal: number;
  vat: number;
  total: number;
  amountDue: number;
  paid: boolean;
  reference: string | null;
}

/** The company the connection reaches, as its invoices name it. */
export interface Organisation {
  id: string;
  name: string;
  addressLines: string[];
  postcode: string | null;
}

export interface Page<T> {
  items: T[];
  /** The next page's number, or null after the last. */
  nextPage: number | null;
}

/** What a client needs for one call: the access token and the tenant the connection reaches. */
export interface CallContext {
  accessToken: string;
  tenantId: string | null;
}

/** What the client needs from the product: the provider as resolved, how to fetch, and the connection's limiter. */
export interface ClientDeps {
  provider: ResolvedProvider;
  fetch: Fetch;
  /** The limiter of one connection (a provider's limits count per organisation). */
  limiterFor(tenantId: string | null): import('./http.js').RateLimiter;
  /** Rows a page of a list asks for (PAGE_SIZE unless a test walks small pages). */
  pageSize?: number;
}

/** One accounting provider's documented API, as the product uses it. */
export interface AccountingClient {
  /**
   * The tenant the new tokens reach: Xero's connection, QuickBooks' realm (returned with the code,
   * given as `hint`), Sage's business.
   */
  findTenant(accessToken: string, hint: { realmId?: string } | null): Promise<Organisation>;
  /** A cheap read that proves the tokens work. */
  check(ctx: CallContext): Promise<void>;
  organisation(ctx: CallContext): Promise<Organisation>;
  listContacts(ctx: CallContext, page: number): Promise<Page<ExternalContact>>;
  listInvoices(ctx: CallContext, page: number): Promise<Page<ExternalInvoice>>;
  /** The contacts of these ids (the ones that exist). */
  getContacts(ctx: CallContext, ids: readonly string[]): Promise<ExternalContact[]>;
  getInvoices(ctx: CallContext, ids: readonly string[]): Promise<ExternalInvoice[]>;
}

/** A cloud drive as connecting needs it: whose drive the tokens reach (a cheap read). */
export interface CloudClient {
  account(ctx: CallContext): Promise<{ id: string; name: string }>;
}

/** Rows a page of a list asks the provider for. */
export const PAGE_SIZE = 100;
