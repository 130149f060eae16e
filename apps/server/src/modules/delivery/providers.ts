import { createHmac } from 'node:crypto';
import type { Config } from '../../platform/config.js';
import type { Mailer } from '../../platform/mail.js';
import {
  createSandboxPrintProvider,
  createStannpPrintProvider,
  type PrintProvider,
  type SandboxPrintProvider,
} from '../../providers/print.js';
import {
  createSandboxSmsProvider,
  createTwilioSmsProvider,
  type SandboxSmsProvider,
  type SmsProvider,
} from '../../providers/sms.js';

/** The three providers a hand-over uses. */
export interface ChannelProviders {
  print: PrintProvider;
  sms: SmsProvider;
  mailer: Mailer;
}

/** The providers a delivery is handed to: a test key's go to the sandboxes. */
export function channelProviders(providers: DeliveryProviders, test: boolean): ChannelProviders {
  return test ? providers.test : providers;
}

/**
 * The channels' providers (decision 0016): Stannp and Twilio when configured, their built-in
 * sandboxes otherwise, and the mailer. The sandboxes post their signed callbacks to `sinks`, which
 * the delivery module points at its callback handlers once it is built (the same code the public
 * callback routes run, signature check included).
 */
export interface DeliveryProviders {
  print: PrintProvider;
  sms: SmsProvider;
  mailer: Mailer;
  /** Set when the built-in sandboxes are in use (tests wait on them). */
  printSandbox: SandboxPrintProvider | null;
  smsSandbox: SandboxSmsProvider | null;
  /** Where the text message provider posts status callbacks (the public URL of our route). */
  smsCallbackUrl: string;
  sinks: {
    print: (rawBody: Buffer, signature: string) => Promise<number>;
    sms: (url: string, params: Record<string, string>, signature: string) => Promise<number>;
    /** The test sandboxes' callbacks, when they are not the live sandboxes themselves. */
    testPrint: (rawBody: Buffer, signature: string) => Promise<number>;
    testSms: (url: string, params: Record<string, string>, signature: string) => Promise<number>;
  };
  /**
   * What a delivery requested with a test API key (`lp_test_…`) is handed to: always the built-in
   * sandboxes and the outbox, so nothing is printed, texted or emailed for real (decision 0030).
   * When no real provider is configured these are the live sandboxes themselves.
   */
  test: ChannelProviders;
  /** Resolves when the sandboxes have delivered every callback in flight. */
  settled(): Promise<void>;
  close(): void;
}

/** The sandboxes sign with secrets derived from the product's own. */
function derived(authSecret: string, purpose: string): string {
  return createHmac('sha256', authSecret).update(purpose).digest('base64url');
}

/**
 * `testMailer` takes a test key's emails (the outbox; the live mailer when that is the outbox
 * already).
 */
export function createDeliveryProviders(
  config: Config,
  mailer: Mailer,
  testMailer: Mailer = mailer,
): DeliveryProviders {
  const notReady = async () => 503;
  const sinks: DeliveryProviders['sinks'] = { print: notReady, sms: notReady, testPrint: notReady, testSms: notReady };
  const stannp = !!(config.STANNP_API_KEY && config.STANNP_WEBHOOK_SECRET);
  const twilio = !!(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM);
  const printSandboxOf = (sink: 'print' | 'testPrint') =>
    createSandboxPrintProvider({
      latencyMs: config.PRINT_SANDBOX_LATENCY_MS,
      failureRate: config.PRINT_SANDBOX_FAILURE_RATE,
      webhookSecret: derived(config.authSecret, `print-sandbox-webhook${sink === 'testPrint' ? '-test' : ''}`),
      productionDelayMs: config.PRINT_SANDBOX_PRODUCTION_DELAY_MS,
      stepMs: config.PRINT_SANDBOX_STEP_MS,
      deliver: (raw, signature) => sinks[sink](raw, signature),
    });
  const smsSandboxOf = (sink: 'sms' | 'testSms') =>
    createSandboxSmsProvider({
      latencyMs: config.SMS_SANDBOX_LATENCY_MS,
      failureRate: config.SMS_SANDBOX_FAILURE_RATE,
      authToken: derived(config.authSecret, `sms-sandbox-callback${sink === 'testSms' ? '-test' : ''}`),
      deliver: (url, params, signature) => sinks[sink](url, params, signature),
    });
  const printSandbox: SandboxPrintProvider | null = stannp ? null : printSandboxOf('print');
  const smsSandbox: SandboxSmsProvider | null = twilio ? null : smsSandboxOf('sms');
  // A test key's deliveries: the live sandboxes when they are in use, else sandboxes of their own.
  const testPrint = printSandbox ?? printSandboxOf('testPrint');
  const testSms = smsSandbox ?? smsSandboxOf('testSms');
  const print: PrintProvider =
    printSandbox ??
    createStannpPrintProvider({
      apiKey: config.STANNP_API_KEY!,
      webhookSecret: config.STANNP_WEBHOOK_SECRET!,
      baseUrl: config.STANNP_BASE_URL,
      test: config.STANNP_TEST ?? false,
    });
  const sms: SmsProvider =
    smsSandbox ??
    createTwilioSmsProvider({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
      baseUrl: config.TWILIO_BASE_URL,
    });
  return {
    print,
    sms,
    mailer,
    printSandbox,
    smsSandbox,
    smsCallbackUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/letters/callbacks/sms`,
    sinks,
    test: { print: testPrint, sms: testSms, mailer: testMailer },
    async settled() {
      await Promise.all([printSandbox?.settled(), smsSandbox?.settled(), testPrint.settled(), testSms.settled()]);
    },
    close() {
      printSandbox?.close();
      smsSandbox?.close();
      testPrint.close();
      testSms.close();
    },
  };
}
