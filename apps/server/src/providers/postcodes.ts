import { normalisePostcode } from '@lp/domain';

/** Asks whether a postcode exists. The spec's public service answers GET postcodes/{postcode}/validate with { result }. */
export interface PostcodeService {
  readonly name: string;
  validate(postcode: string): Promise<boolean>;
  /** Of many (normalised) postcodes, the ones that exist; for imports. Throws when the service cannot answer. */
  validateMany(postcodes: readonly string[]): Promise<Set<string>>;
}

/** postcodes.io's bulk lookup takes at most 100 postcodes a request. */
export const BULK_CHUNK = 100;
/** Bulk requests in flight at once. */
const BULK_IN_FLIGHT = 4;

/**
 * A client for any service speaking that API (postcodes.io does), with a time limit. Many at once
 * go to its bulk lookup, POST postcodes with { postcodes } (100 a request, 4 requests in flight),
 * which answers { result: [{ query, result }] }, result null for a postcode that does not exist.
 */
export function createHttpPostcodeService(baseUrl: string, timeoutMs = 3000): PostcodeService {
  const base = baseUrl.replace(/\/+$/, '');
  const bulk = async (chunk: readonly string[]): Promise<string[]> => {
    const res = await fetch(`${base}/postcodes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ postcodes: chunk }),
      signal: AbortSignal.timeout(timeoutMs * 2),
    });
    if (!res.ok) throw new Error(`postcode service answered ${res.status}`);
    const body = (await res.json()) as { result?: unknown };
    if (!Array.isArray(body.result)) throw new Error('postcode service answered without a result');
    return body.result.flatMap((item: { query?: unknown; result?: unknown } | null) =>
      item && typeof item.query === 'string' && item.result != null ? [normalisePostcode(item.query)] : [],
    );
  };
  return {
    name: 'http',
    async validate(postcode) {
      const res = await fetch(`${base}/postcodes/${encodeURIComponent(postcode)}/validate`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`postcode service answered ${res.status}`);
      const body = (await res.json()) as { result?: unknown };
      if (typeof body.result !== 'boolean') throw new Error('postcode service answered without a result');
      return body.result;
    },
    async validateMany(postcodes) {
      const chunks: string[][] = [];
      for (let i = 0; i < postcodes.length; i += BULK_CHUNK) chunks.push(postcodes.slice(i, i + BULK_CHUNK));
      const found = new Set<string>();
      let next = 0;
      let failed = false;
      const worker = async () => {
        while (!failed && next < chunks.length) {
          const chunk = chunks[next++]!;
          try {
            for (const p of await bulk(chunk)) found.add(p);
          } catch (error) {
            failed = true; // the other requests stop asking
            throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BULK_IN_FLIGHT, chunks.length) }, worker));
      return found;
    },
  };
}

/**
 * A built-in stand-in that behaves like the service: some latency, and postcodes of the
 * non-geographic ZZ area and those whose inward code is 9ZZ (SW1A 9ZZ, LS11 9ZZ: the examples of a
 * well-formed postcode that does not exist, which the address forms can reach) do not exist.
 */
export function createSandboxPostcodeService(latencyMs = 30): PostcodeService {
  const exists = (postcode: string) => {
    const p = postcode.toUpperCase().trim();
    return !p.startsWith('ZZ') && !p.endsWith('9ZZ');
  };
  return {
    name: 'sandbox',
    async validate(postcode) {
      await new Promise((r) => setTimeout(r, latencyMs));
      return exists(postcode);
    },
    // One latency for the whole batch, like one bulk round trip.
    async validateMany(postcodes) {
      await new Promise((r) => setTimeout(r, latencyMs));
      return new Set(postcodes.filter(exists));
    },
  };
}
