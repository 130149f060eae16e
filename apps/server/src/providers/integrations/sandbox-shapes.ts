import {
  DEMO_COMPANY,
  DEMO_CONTACTS,
  DEMO_INVOICES,
  type DemoContact,
  type DemoInvoice,
  daysAgo,
  hexOf,
  invoiceSums,
  uuidOf,
} from './sandbox-data.js';

/**
 * The demo company in each provider's documented JSON shapes (field names, nesting, amounts as
 * each gives them: Xero and QuickBooks numbers, Sage decimal strings; Xero's "/Date(ms+0000)/").
 */

const pounds = (pence: number) => Math.round(pence) / 100;
const decimal = (pence: number) => (Math.round(pence) / 100).toFixed(2);
const at = (date: string) => `/Date(${Date.parse(`${date}T00:00:00Z`)}+0000)/`;
const dueOf = (inv: DemoInvoice) => daysAgo(inv.issuedDaysAgo - inv.termsDays);
const statusOf = (inv: DemoInvoice) => {
  const sums = invoiceSums(inv);
  return sums.due === 0 ? 'paid' : sums.paid > 0 ? 'part_paid' : 'unpaid';
};

// --- Xero ------------------------------------------------------------------------------------

export const xeroIds = {
  contact: (tenant: string, c: number) => uuidOf(`${tenant}:contact:${c}`),
  invoice: (tenant: string, i: number) => uuidOf(`${tenant}:invoice:${i}`),
};

export function xeroContact(tenant: string, c: DemoContact) {
  const [area, ...rest] = (c.phone ?? '').split(' ');
  const address = (type: 'POBOX' | 'STREET') => ({
    AddressType: type,
    AddressLine1: c.lines[0] ?? '',
    AddressLine2: c.lines[1] ?? '',
    AddressLine3: c.lines[2] ?? '',
    AddressLine4: '',
    City: c.town,
    Region: c.region ?? '',
    PostalCode: c.postcode,
    Country: 'United Kingdom',
    AttentionTo: '',
  });
  return {
    ContactID: xeroIds.contact(tenant, c.index),
    ContactStatus: 'ACTIVE',
    Name: c.name,
    ...(c.firstName ? { FirstName: c.firstName, LastName: c.lastName } : {}),
    ...(c.email ? { EmailAddress: c.email } : { EmailAddress: '' }),
    Addresses: [address('POBOX'), address('STREET')],
    Phones: [
      {
        PhoneType: 'DEFAULT',
        PhoneNumber: c.phone ? rest.join(' ') : '',
        PhoneAreaCode: c.phone ? area : '',
        PhoneCountryCode: '',
      },
      { PhoneType: 'MOBILE', PhoneNumber: '', PhoneAreaCode: '', PhoneCountryCode: '' },
    ],
    UpdatedDateUTC: at(daysAgo(200)),
    IsSupplier: false,
    IsCustomer: true,
    DefaultCurrency: 'GBP',
    HasAttachments: false,
  };
}

const XERO_TAX: Record<number, string> = { 20: 'OUTPUT2', 5: 'RROUTPUT', 0: 'ZERORATEDOUTPUT' };

export function xeroInvoice(tenant: string, inv: DemoInvoice) {
  const sums = invoiceSums(inv);
  const c = DEMO_CONTACTS[inv.contact]!;
  const issued = daysAgo(inv.issuedDaysAgo);
  const due = dueOf(inv);
  const status =
    inv.kind === 'draft' ? 'DRAFT' : inv.kind === 'void' ? 'VOIDED' : sums.due === 0 ? 'PAID' : 'AUTHORISED';
  return {
    Type: inv.kind === 'bill' ? 'ACCPAY' : 'ACCREC',
    InvoiceID: xeroIds.invoice(tenant, inv.index),
    InvoiceNumber: inv.kind === 'bill' ? '' : `INV-${String(inv.index + 1).padStart(4, '0')}`,
    Reference: inv.reference ?? '',
    Contact: { ContactID: xeroIds.contact(tenant, c.index), Name: c.name },
    Date: at(issued),
    DateString: `${issued}T00:00:00`,
    DueDate: at(due),
    DueDateString: `${due}T00:00:00`,
    Status: status,
    LineAmountTypes: 'Exclusive',
    LineItems: sums.lines.map((l, n) => ({
      LineItemID: uuidOf(`${tenant}:invoice:${inv.index}:line:${n}`),
      Description: l.description,
      Quantity: l.quantity,
      UnitAmount: pounds(l.unit),
      TaxType: XERO_TAX[l.vatRate] ?? 'NONE',
      TaxAmount: pounds(l.vat),
      LineAmount: pounds(l.net),
      AccountCode: '200',
    })),
    SubTotal: pounds(sums.subtotal),
    TotalTax: pounds(sums.vat),
    Total: pounds(sums.total),
    AmountDue: pounds(inv.kind === 'void' ? 0 : sums.due),
    AmountPaid: pounds(sums.paid),
    AmountCredited: 0,
    CurrencyCode: 'GBP',
    CurrencyRate: 1,
    UpdatedDateUTC: at(issued),
    HasAttachments: false,
  };
}

export function xeroOrganisation(tenant: string) {
  return {
    OrganisationID: tenant,
    Name: DEMO_COMPANY.name,
    LegalName: DEMO_COMPANY.name,
    BaseCurrency: 'GBP',
    CountryCode: 'GB',
    OrganisationType: 'COMPANY',
    Addresses: [
      {
        AddressType: 'POBOX',
        AddressLine1: DEMO_COMPANY.lines[0],
        AddressLine2: DEMO_COMPANY.lines[1],
        City: DEMO_COMPANY.town,
        PostalCode: DEMO_COMPANY.postcode,
        Country: 'United Kingdom',
      },
    ],
  };
}

// --- QuickBooks ------------------------------------------------------------------------------

export const quickBooksIds = {
  contact: (c: number) => String(c + 1),
  invoice: (i: number) => String(130 + i),
};

export function quickBooksCustomer(c: DemoContact) {
  const created = `${daysAgo(200)}T09:00:00-08:00`;
  return {
    Id: quickBooksIds.contact(c.index),
    SyncToken: '0',
    DisplayName: c.name,
    ...(c.firstName ? { GivenName: c.firstName, FamilyName: c.lastName } : { CompanyName: c.name }),
    FullyQualifiedName: c.name,
    PrintOnCheckName: c.name,
    Active: true,
    ...(c.email ? { PrimaryEmailAddr: { Address: c.email } } : {}),
    ...(c.phone ? { PrimaryPhone: { FreeFormNumber: c.phone } } : {}),
    BillAddr: {
      Id: String(100 + c.index),
      Line1: c.lines[0],
      ...(c.lines[1] ? { Line2: c.lines[1] } : {}),
      ...(c.lines[2] ? { Line3: c.lines[2] } : {}),
      City: c.town,
      ...(c.region ? { CountrySubDivisionCode: c.region } : {}),
      PostalCode: c.postcode,
      Country: 'GB',
    },
    Taxable: true,
    Balance: 0,
    CurrencyRef: { value: 'GBP', name: 'British Pound Sterling' },
    PreferredDeliveryMethod: c.email ? 'Email' : 'Print',
    domain: 'QBO',
    sparse: false,
    MetaData: { CreateTime: created, LastUpdatedTime: created },
  };
}

export function quickBooksInvoice(inv: DemoInvoice) {
  const sums = invoiceSums(inv);
  const c = DEMO_CONTACTS[inv.contact]!;
  const issued = daysAgo(inv.issuedDaysAgo);
  return {
    Id: quickBooksIds.invoice(inv.index),
    SyncToken: '0',
    DocNumber: String(1001 + inv.index),
    TxnDate: issued,
    DueDate: dueOf(inv),
    CustomerRef: { value: quickBooksIds.contact(c.index), name: c.name },
    ...(c.email ? { BillEmail: { Address: c.email } } : {}),
    BillAddr: { Line1: c.name, Line2: c.lines[0], City: c.town, PostalCode: c.postcode, Country: 'GB' },
    ...(inv.reference ? { PrivateNote: inv.reference } : {}),
    Line: [
      ...sums.lines.map((l, n) => ({
        Id: String(n + 1),
        LineNum: n + 1,
        Description: l.description,
        Amount: pounds(l.net),
        DetailType: 'SalesItemLineDetail',
        SalesItemLineDetail: {
          ItemRef: { value: String(n + 1), name: l.description.slice(0, 40) },
          UnitPrice: pounds(l.unit),
          Qty: l.quantity,
          TaxCodeRef: { value: l.vatRate === 20 ? '3' : l.vatRate === 5 ? '4' : '6' },
        },
      })),
      { Amount: pounds(sums.subtotal), DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
    ],
    TxnTaxDetail: { TotalTax: pounds(sums.vat) },
    GlobalTaxCalculation: 'TaxExcluded',
    TotalAmt: pounds(sums.total),
    Balance: pounds(sums.due),
    CurrencyRef: { value: 'GBP', name: 'British Pound Sterling' },
    PrintStatus: 'NeedToPrint',
    EmailStatus: 'NotSet',
    domain: 'QBO',
    sparse: false,
    MetaData: { CreateTime: `${issued}T10:00:00-08:00`, LastUpdatedTime: `${issued}T10:00:00-08:00` },
  };
}

export function quickBooksCompanyInfo(realm: string) {
  return {
    Id: '1',
    CompanyName: DEMO_COMPANY.name,
    LegalName: DEMO_COMPANY.name,
    Country: 'GB',
    CompanyAddr: {
      Line1: DEMO_COMPANY.lines[0],
      Line2: DEMO_COMPANY.lines[1],
      City: DEMO_COMPANY.town,
      PostalCode: DEMO_COMPANY.postcode,
      Country: 'GB',
    },
    domain: 'QBO',
    realmId: realm,
  };
}

// --- Sage ------------------------------------------------------------------------------------

export const sageIds = {
  contact: (tenant: string, c: number) => hexOf(`${tenant}:contact:${c}`),
  invoice: (tenant: string, i: number) => hexOf(`${tenant}:invoice:${i}`),
};

const SAGE_TAX: Record<number, { id: string; displayed_as: string }> = {
  20: { id: 'GB_STANDARD', displayed_as: 'Standard 20.00%' },
  5: { id: 'GB_LOWER', displayed_as: 'Lower 5.00%' },
  0: { id: 'GB_ZERO', displayed_as: 'Zero 0.00%' },
};

export function sageContact(tenant: string, c: DemoContact) {
  const id = sageIds.contact(tenant, c.index);
  return {
    id,
    displayed_as: `${c.name} (C${String(c.index + 1).padStart(3, '0')})`,
    $path: `/contacts/${id}`,
    name: c.name,
    contact_types: [{ id: 'CUSTOMER', displayed_as: 'Customer', $path: '/contact_types/CUSTOMER' }],
    reference: `C${String(c.index + 1).padStart(3, '0')}`,
    email: c.email,
    currency: { id: 'GBP', displayed_as: 'Pound Sterling (GBP)', $path: '/currencies/GBP' },
    main_address: {
      address_line_1: c.lines[0],
      address_line_2: c.lines.slice(1).join(', ') || null,
      city: c.town,
      region: c.region,
      postal_code: c.postcode,
      country: { id: 'GB', displayed_as: 'United Kingdom (GB)', $path: '/countries/GB' },
    },
    main_contact_person: {
      name: c.name,
      email: c.email,
      telephone: c.phone,
      mobile: null,
    },
    created_at: `${daysAgo(200)}T09:00:00Z`,
    updated_at: `${daysAgo(200)}T09:00:00Z`,
  };
}

export function sageInvoice(tenant: string, inv: DemoInvoice) {
  const sums = invoiceSums(inv);
  const c = DEMO_CONTACTS[inv.contact]!;
  const id = sageIds.invoice(tenant, inv.index);
  const status = inv.kind === 'draft' ? 'DRAFT' : inv.kind === 'void' ? 'VOID' : statusOf(inv).toUpperCase();
  const number = `SI-${inv.index + 1}`;
  return {
    id,
    displayed_as: number,
    $path: `/sales_invoices/${id}`,
    invoice_number: number,
    contact: {
      id: sageIds.contact(tenant, c.index),
      displayed_as: c.name,
      $path: `/contacts/${sageIds.contact(tenant, c.index)}`,
    },
    contact_name: c.name,
    contact_reference: `C${String(c.index + 1).padStart(3, '0')}`,
    date: daysAgo(inv.issuedDaysAgo),
    due_date: dueOf(inv),
    reference: inv.reference,
    main_address: {
      address_line_1: c.lines[0],
      city: c.town,
      postal_code: c.postcode,
      country: { id: 'GB', displayed_as: 'United Kingdom (GB)' },
    },
    status: { id: status, displayed_as: status.replace('_', ' ').toLowerCase() },
    currency: { id: 'GBP', displayed_as: 'Pound Sterling (GBP)' },
    net_amount: decimal(sums.subtotal),
    tax_amount: decimal(sums.vat),
    total_amount: decimal(sums.total),
    outstanding_amount: decimal(inv.kind === 'void' ? 0 : sums.due),
    invoice_lines: sums.lines.map((l, n) => ({
      id: hexOf(`${tenant}:invoice:${inv.index}:line:${n}`),
      displayed_as: l.description,
      description: l.description,
      quantity: l.quantity.toFixed(2),
      unit_price: decimal(l.unit),
      net_amount: decimal(l.net),
      tax_rate: { ...SAGE_TAX[l.vatRate]!, $path: `/tax_rates/${SAGE_TAX[l.vatRate]!.id}` },
      tax_amount: decimal(l.vat),
      total_amount: decimal(l.net + l.vat),
    })),
  };
}

export function sageBusiness(tenant: string) {
  return {
    id: tenant,
    displayed_as: DEMO_COMPANY.name,
    $path: `/businesses/${tenant}`,
    name: DEMO_COMPANY.name,
    address_line_1: DEMO_COMPANY.lines[0],
    address_line_2: DEMO_COMPANY.lines[1],
    city: DEMO_COMPANY.town,
    postal_code: DEMO_COMPANY.postcode,
    country: { id: 'GB', displayed_as: 'United Kingdom (GB)' },
    is_demo: true,
  };
}

/** The demo invoices a sales list holds in a provider (Xero keeps bills among them; the others do not). */
export const invoicesOf = (provider: 'xero' | 'quickbooks' | 'sage') =>
  DEMO_INVOICES.filter(
    (i) => (provider === 'xero' ? true : i.kind !== 'bill') && (provider !== 'quickbooks' || i.kind === 'sale'),
  );
