/** Asks whether a postcode exists. The spec's public service answers GET postcodes/{postcode}/validate with { result }. */
export interface PostcodeService {
  readonly name: string;
  validate(postcode: string): Promise<boolean>;
}

/** A client for any service speaking that API (postcodes.io does), with a time limit. */
export function createHttpPostcodeService(baseUrl: string, timeoutMs = 3000): PostcodeService {
  const base = baseUrl.replace(/\/+$/, '');
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
  };
}

/**
 * A built-in stand-in that behaves like the service: some latency, and postcodes of the
 * non-geographic ZZ area (used in tests and examples) do not exist.
 */
export function createSandboxPostcodeService(latencyMs = 30): PostcodeService {
  return {
    name: 'sandbox',
    async validate(postcode) {
      await new Promise((r) => setTimeout(r, latencyMs));
      return !postcode.toUpperCase().startsWith('ZZ');
    },
  };
}
