import { setTimeout as sleep } from 'node:timers/promises';
import type { RegisteredCompany } from '@lp/domain';

/**
 * The UK company register: Companies House's public data API when a key is configured, the
 * built-in sandbox otherwise (decision 0022). Both read the register's own answer shape, so the
 * sandbox goes through the same mapping as the real client.
 *
 * Companies House's documentation (developer.company-information.service.gov.uk):
 * - GET {base}/company/{company_number}, HTTP basic auth with the API key as the user name and an
 *   empty password; answers { company_name, company_number, company_status ('active',
 *   'dissolved', 'liquidation', ...), registered_office_address { premises, address_line_1,
 *   address_line_2, locality, region, postal_code, country }, date_of_creation, type, ... };
 * - 404 for a number it does not hold; 401 for a refused key;
 * - 600 requests in 5 minutes a key, then 429 (we honour Retry-After when it is sent).
 */
export interface CompanyRegister {
  readonly name: 'companies-house' | 'sandbox';
  /** The company with this (normalised) number; null when the register holds none. Throws CompanyRegisterError. */
  lookupCompany(companyNumber: string): Promise<RegisteredCompany | null>;
}

/** The register did not answer: `busy` (its rate limit) or `unavailable` (down, refused our key, timed out). */
export class CompanyRegisterError extends Error {
  constructor(
    readonly kind: 'busy' | 'unavailable',
    message: string,
    /** Seconds to wait, when the register said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'CompanyRegisterError';
  }
}

export const COMPANIES_HOUSE_BASE_URL = 'https://api.company-information.service.gov.uk';
/** Companies House's limit: 600 requests in 5 minutes for a key. */
export const COMPANIES_HOUSE_RATE = { requests: 600, windowMs: 5 * 60_000 } as const;

/** The register's answer, as far as we read it. */
interface CompanyProfileBody {
  company_name?: unknown;
  company_number?: unknown;
  company_status?: unknown;
  date_of_creation?: unknown;
  type?: unknown;
  registered_office_address?: Record<string, unknown> | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The register's profile in our shape; null when it lacks what identifies a company. */
export function toRegisteredCompany(body: CompanyProfileBody): RegisteredCompany | null {
  const name = text(body.company_name);
  const number = text(body.company_number);
  if (!name || !number) return null;
  const a = body.registered_office_address ?? {};
  const street = [text(a.premises), text(a.address_line_1)].filter(Boolean).join(' ');
  const lines = [
    street,
    text(a.address_line_2),
    text(a.locality),
    text(a.region),
    text(a.postal_code),
    text(a.country),
  ];
  return {
    company_number: number,
    company_name: name,
    company_status: text(body.company_status) || 'unknown',
    registered_address: lines.filter(Boolean),
    date_of_creation: text(body.date_of_creation) || null,
    type: text(body.type) || null,
  };
}

/** Counts requests in a sliding window so that we stop before the register's limit, not after. */
class WindowLimiter {
  private readonly times: number[] = [];
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}
  /** Takes a slot, or answers the seconds until one frees. */
  take(now = Date.now()): number | null {
    while (this.times.length > 0 && this.times[0]! <= now - this.windowMs) this.times.shift();
    if (this.times.length >= this.max) return Math.ceil((this.times[0]! + this.windowMs - now) / 1000);
    this.times.push(now);
    return null;
  }
}

export interface CompaniesHouseOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  rate?: { requests: number; windowMs: number };
}

/** The client of Companies House's public data API. */
export function createCompaniesHouseRegister(options: CompaniesHouseOptions): CompanyRegister {
  const base = (options.baseUrl ?? COMPANIES_HOUSE_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const limiter = new WindowLimiter(
    options.rate?.requests ?? COMPANIES_HOUSE_RATE.requests,
    options.rate?.windowMs ?? COMPANIES_HOUSE_RATE.windowMs,
  );

  const once = async (companyNumber: string): Promise<Response> => {
    const wait = limiter.take();
    if (wait !== null)
      throw new CompanyRegisterError('busy', 'our share of the company register is used up for now', wait);
    try {
      return await doFetch(`${base}/company/${encodeURIComponent(companyNumber)}`, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CompanyRegisterError('unavailable', `the company register did not answer: ${(error as Error).message}`);
    }
  };

  return {
    name: 'companies-house',
    async lookupCompany(companyNumber) {
      let res = await once(companyNumber);
      // A passing failure of theirs is tried once more; a person is waiting, so not more.
      if (res.status >= 500) {
        await res.body?.cancel();
        await sleep(300);
        res = await once(companyNumber);
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status === 429) {
        await res.body?.cancel();
        const retry = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
        throw new CompanyRegisterError(
          'busy',
          'the company register answered 429',
          Number.isFinite(retry) && retry >= 0 ? retry : null,
        );
      }
      if (!res.ok) {
        await res.body?.cancel();
        // 401 is our key refused: the operator's problem, the user sees the register as unavailable.
        throw new CompanyRegisterError('unavailable', `the company register answered ${res.status}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new CompanyRegisterError('unavailable', 'the company register answered something other than JSON');
      }
      if (!body || typeof body !== 'object')
        throw new CompanyRegisterError('unavailable', 'the company register answered without a company');
      const company = toRegisteredCompany(body as CompanyProfileBody);
      if (!company) throw new CompanyRegisterError('unavailable', 'the company register answered without a company');
      return company;
    },
  };
}

/**
 * The sandbox's companies, in the register's own shape (its names are upper-case, as the
 * register's are). The numbers are made up; none is a real company's.
 */
export const SANDBOX_COMPANIES: readonly CompanyProfileBody[] = [
  {
    company_number: '01234567',
    company_name: "O'BRIEN & DAUGHTERS LIMITED",
    company_status: 'active',
    type: 'ltd',
    date_of_creation: '1998-03-14',
    registered_office_address: {
      premises: '14',
      address_line_1: "St John's Lane",
      locality: 'London',
      postal_code: 'EC1M 4BF',
      country: 'England',
    },
  },
  {
    company_number: 'SC654321',
    company_name: 'CAFÉ NÉVÉ (EDINBURGH) LTD',
    company_status: 'active',
    type: 'ltd',
    date_of_creation: '2015-09-01',
    registered_office_address: {
      premises: 'Unit 3',
      address_line_1: '22 Rose Street',
      address_line_2: 'New Town',
      locality: 'Edinburgh',
      postal_code: 'EH2 2PR',
      country: 'Scotland',
    },
  },
  {
    company_number: 'NI612345',
    company_name: 'Ó FLOINN BAKERY LIMITED',
    company_status: 'active',
    type: 'ltd',
    date_of_creation: '2012-06-20',
    registered_office_address: {
      address_line_1: '7 Botanic Avenue',
      locality: 'Belfast',
      region: 'County Antrim',
      postal_code: 'BT7 1JG',
      country: 'Northern Ireland',
    },
  },
  {
    company_number: 'OC401234',
    company_name: 'SMITH, JONES & PARTNERS LLP',
    company_status: 'active',
    type: 'llp',
    date_of_creation: '2016-01-11',
    registered_office_address: {
      premises: 'Second Floor',
      address_line_1: '5 Queen Square',
      locality: 'Bristol',
      postal_code: 'BS1 4JQ',
      country: 'England',
    },
  },
  {
    company_number: '09876543',
    company_name: 'BRAMBLE & THISTLE TRADING LTD',
    company_status: 'dissolved',
    type: 'ltd',
    date_of_creation: '2015-11-02',
    registered_office_address: {
      address_line_1: '3 Market Place',
      locality: 'Leeds',
      postal_code: 'LS1 6DT',
      country: 'England',
    },
  },
  {
    company_number: '07654321',
    company_name: "HOLLOWAY'S JOINERY LIMITED",
    company_status: 'liquidation',
    type: 'ltd',
    date_of_creation: '2011-05-23',
    registered_office_address: {
      address_line_1: '48 Corporation Street',
      locality: 'Manchester',
      postal_code: 'M4 2AF',
      country: 'England',
    },
  },
];

export interface SandboxRegisterOptions {
  latencyMs?: number;
  /** Starts answering as if the register were down. */
  down?: boolean;
}

export interface SandboxCompanyRegister extends CompanyRegister {
  readonly name: 'sandbox';
  /** Simulates the register being down (true) or back (false). */
  setDown(down: boolean): void;
  /** Simulates the register's rate limit: 429 with this Retry-After (seconds) until null. */
  setBusy(retryAfterSeconds: number | null): void;
}

/** The built-in stand-in: the sample companies above, some latency, and a switch that takes it down. */
export function createSandboxCompanyRegister(options: SandboxRegisterOptions = {}): SandboxCompanyRegister {
  let down = options.down ?? false;
  let busy: number | null = null;
  const latencyMs = options.latencyMs ?? 400;
  return {
    name: 'sandbox',
    setDown(value) {
      down = value;
    },
    setBusy(retryAfterSeconds) {
      busy = retryAfterSeconds;
    },
    async lookupCompany(companyNumber) {
      if (latencyMs > 0) await sleep(Math.round(latencyMs / 2 + Math.random() * latencyMs));
      if (down) throw new CompanyRegisterError('unavailable', 'the company register sandbox is set to be down');
      if (busy !== null) throw new CompanyRegisterError('busy', 'the company register sandbox is set to be busy', busy);
      const found = SANDBOX_COMPANIES.find((c) => c.company_number === companyNumber);
      return found ? toRegisteredCompany(found) : null;
    },
  };
}

/** The register the configuration selects: Companies House with a key, the sandbox without. */
export function createCompanyRegister(config: {
  COMPANIES_HOUSE_API_KEY?: string | undefined;
  COMPANIES_HOUSE_BASE_URL?: string | undefined;
  COMPANY_REGISTER_SANDBOX_LATENCY_MS: number;
  COMPANY_REGISTER_SANDBOX_DOWN?: boolean | undefined;
}): CompanyRegister {
  if (config.COMPANIES_HOUSE_API_KEY)
    return createCompaniesHouseRegister({
      apiKey: config.COMPANIES_HOUSE_API_KEY,
      baseUrl: config.COMPANIES_HOUSE_BASE_URL,
    });
  return createSandboxCompanyRegister({
    latencyMs: config.COMPANY_REGISTER_SANDBOX_LATENCY_MS,
    down: config.COMPANY_REGISTER_SANDBOX_DOWN ?? false,
  });
}
