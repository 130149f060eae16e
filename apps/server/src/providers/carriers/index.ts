import { CARRIERS } from './catalogue.js';
import { ClickAndDropCarrier } from './click-and-drop.js';
import { type CarrierEventSink, SandboxCarrier } from './sandbox.js';
import {
  CARRIER_NAMES,
  type CarrierAdapter,
  type CarrierName,
  carrierSlug,
  type QuoteRequest,
  type ServiceQuote,
} from './types.js';

/**
 * The carriers as configured: Royal Mail through Click & Drop when a key is set, otherwise (and
 * every other carrier always) the built-in sandbox; and the quote that asks them all at once.
 */

export { CARRIERS, carrierInfo, findService, quoteService } from './catalogue.js';
export { ClickAndDropCarrier } from './click-and-drop.js';
export { renderLabel } from './label.js';
export {
  CARRIER_SIGNATURE_HEADER,
  type CarrierEventSink,
  SandboxCarrier,
  signCarrierWebhook,
} from './sandbox.js';
export * from './types.js';

export interface CarriersConfig {
  clickAndDropApiKey?: string;
  clickAndDropBaseUrl?: string;
  sandbox: {
    latencyMs: number;
    failureRate: number;
    labelDelayMs: number;
    trackingStepMs: number;
    webhookSecret: string;
    random?: () => number;
  };
}

export interface Carriers {
  /** One adapter per carrier, in CARRIER_NAMES order. */
  adapters: Map<CarrierName, CarrierAdapter>;
  /** Where the sandboxes push their tracking events (our webhook route, in process). */
  setEventSink(sink: CarrierEventSink | null): void;
  /** Resolves when the sandboxes' background work (tracking pushes) has finished. */
  settled(): Promise<void>;
  close(): void;
}

export function createCarriers(config: CarriersConfig): Carriers {
  const sandboxes: SandboxCarrier[] = [];
  const adapters = new Map<CarrierName, CarrierAdapter>();
  for (const carrier of CARRIER_NAMES) {
    if (carrier === 'Royal Mail' && config.clickAndDropApiKey) {
      adapters.set(
        carrier,
        new ClickAndDropCarrier({ apiKey: config.clickAndDropApiKey, baseUrl: config.clickAndDropBaseUrl }),
      );
      continue;
    }
    const sandbox = new SandboxCarrier({ carrier, ...config.sandbox });
    sandboxes.push(sandbox);
    adapters.set(carrier, sandbox);
  }
  return {
    adapters,
    setEventSink(sink) {
      for (const s of sandboxes) s.setEventSink(sink);
    },
    async settled() {
      await Promise.all(sandboxes.map((s) => s.settled()));
    },
    close() {
      for (const a of adapters.values()) a.close?.();
    },
  };
}

/** The row of a carrier that failed or did not answer: its name, the reason, no price. */
export function unavailableRow(carrier: CarrierName, reason: string): ServiceQuote {
  return {
    carrier,
    serviceId: `${carrierSlug(carrier)}:unavailable`,
    serviceName: carrier,
    serviceDescription: '',
    costPence: null,
    coverText: CARRIERS[carrier].coverText,
    available: false,
    reason,
  };
}

/** Available rows by cost (cheapest first), then the refused ones in the order they came. */
export function sortQuotes(rows: ServiceQuote[]): ServiceQuote[] {
  const available = rows.filter((r) => r.available && r.costPence !== null);
  const refused = rows.filter((r) => !(r.available && r.costPence !== null));
  available.sort((a, b) => a.costPence! - b.costPence!);
  return [...available, ...refused];
}

class QuoteTimeout extends Error {}

async function quoteOne(adapter: CarrierAdapter, req: QuoteRequest, timeoutMs: number): Promise<ServiceQuote[]> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // A carrier that ignores the signal still loses the race: its late answer is dropped.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new QuoteTimeout(`${adapter.carrier} did not answer in time`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const rows = await Promise.race([adapter.quote(req, controller.signal), timeout]);
    const own = rows.filter((r) => r.carrier === adapter.carrier);
    return own.length > 0
      ? own
      : [unavailableRow(adapter.carrier, `${adapter.carrier} is not available at the moment`)];
  } catch (error) {
    const timedOut = error instanceof QuoteTimeout || controller.signal.reason instanceof QuoteTimeout;
    return [
      unavailableRow(
        adapter.carrier,
        timedOut ? `${adapter.carrier} did not answer in time` : `${adapter.carrier} is not available at the moment`,
      ),
    ];
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every carrier at once, each within `timeoutMs`; one failing or slow carrier only costs its own rows. */
export async function quoteAll(
  adapters: ReadonlyMap<CarrierName, CarrierAdapter>,
  req: QuoteRequest,
  timeoutMs: number,
): Promise<ServiceQuote[]> {
  const rows = await Promise.all([...adapters.values()].map((a) => quoteOne(a, req, timeoutMs)));
  return sortQuotes(rows.flat());
}
