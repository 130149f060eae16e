import { createHmac } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { STORAGE_UPLOAD_TTL_MS, WEBHOOK_RETRY_FOR_MS, WEBHOOK_RETRY_SCHEDULE_MS } from '@lp/domain';
import {
  AUTO_DELIVER_TASK,
  autoDeliver,
  createDeliveryProviders,
  DELIVER_TASK,
  type DeliveryDeps,
  handlePrintWebhook,
  handleSmsCallback,
  queueAutoDeliver,
  runDelivery,
} from './modules/delivery/index.js';
import { runPasswordResetRequest } from './modules/identity/index.js';
import {
  DRIVE_SYNC_TASK,
  type DriveSyncPayload,
  findLetterCloudSyncs,
  INVOICE_SYNC_TASK,
  Integrations,
  type InvoiceSyncPayload,
  queueDriveSyncs,
  RESEAL_TASK,
  resealIntegrationTokens,
  runDriveSync,
  runInvoiceSync,
} from './modules/integrations/index.js';
import {
  ANALYSE_TASK,
  onLetterAnalysed,
  PROPOSE_SPLIT_TASK,
  runAnalysis,
  runSplit,
  runSplitProposal,
  SPLIT_TASK,
  SWEEP_TASK,
  setLetterCloudSyncsReader,
  sweepStuckLetters,
} from './modules/letters/index.js';
import {
  deliverMergedLetter,
  MERGE_DELIVER_TASK,
  MERGE_TASK,
  queueMergedDelivery,
  runMerge,
} from './modules/merge/index.js';
import { RENEW_TASK, renewDuePlans, renewPlan } from './modules/money/index.js';
import {
  BOOK_PARCEL_TASK,
  deleteExpiredQuotes,
  FETCH_LABEL_TASK,
  handleCarrierWebhook,
  type ParcelDeps,
  runBooking,
  runLabelFetch,
} from './modules/parcels/index.js';
import { sweepAbandonedUploads } from './modules/storage/index.js';
import {
  resealWebhookSecrets,
  runWebhookDelivery,
  type SendPayload,
  type WebhookSenderDeps,
} from './modules/webhooks/index.js';
import { createAuth, endPasswordResetLinks } from './platform/auth.js';
import type { Config } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { applyMigrations } from './platform/db/migrate.js';
import { AppError } from './platform/errors.js';
import { EventHub } from './platform/events.js';
import { type JobHelpers, type JobLog, type JobQueue, openJobQueue, type TaskList } from './platform/jobs.js';
import {
  createOutboxMailer,
  createSmtpMailer,
  type Mailer,
  type MailMessage,
  resetPasswordEmail,
} from './platform/mail.js';
import { openBlobStore } from './platform/open-blob-store.js';
import { keyRing } from './platform/secrets.js';
import { withSteps } from './platform/steps.js';
import { TASKS } from './platform/tasks.js';
import { createIdealPostcodesLookup, createSandboxAddressLookup } from './providers/addresses.js';
import { createCarriers } from './providers/carriers/index.js';
import { carrierFromSlug } from './providers/carriers/types.js';
import { createHttpPostcodeService, createSandboxPostcodeService } from './providers/postcodes.js';

export type Logger = JobLog;

/**
 * Opens the database (migrated), the job queue, the mailer and the identity library. `connect:
 * false` opens them without reaching the database (no migrations; a job queue that refuses work):
 * enough to build the app and read its OpenAPI document (openapi-document.ts).
 */
export async function openServices(config: Config, databaseUrl: string, log: Logger, { connect = true } = {}) {
  const database = openDatabase(databaseUrl);
  if (connect) await applyMigrations(database.pool);
  const jobs: JobQueue = connect ? await openJobQueue(database.pool, log) : offlineJobQueue;
  const mailer: Mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, log);
  const auth = createAuth(config, database.pool, {
    log,
    passwordReset: (userId) => endPasswordResetLinks(database.pool, userId),
    async sendResetPassword(to, link) {
      await jobs.add(TASKS.sendEmail, resetPasswordEmail(to, link, Math.round(config.RESET_TOKEN_TTL_SECONDS / 60)));
    },
  });
  const hub = new EventHub(database.pool, log);
  const blobs = await openBlobStore(config);
  const postcodes =
    config.POSTCODE_SERVICE_URL === 'sandbox'
      ? createSandboxPostcodeService()
      : config.POSTCODE_SERVICE_URL
        ? createHttpPostcodeService(config.POSTCODE_SERVICE_URL)
        : null;
  // A test key's emails never leave: the outbox (the live mailer already, without SMTP).
  const testMailer = config.SMTP_URL
    ? createOutboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, log)
    : mailer;
  const providers = createDeliveryProviders(config, mailer, testMailer);
  const delivery: DeliveryDeps = {
    pool: database.pool,
    blobs,
    providers,
    secret: config.authSecret,
    publicUrl: config.PUBLIC_URL,
  };
  // The sandboxes' callbacks run the same handlers as the public callback routes (signature
  // checked). One can overtake the commit of its hand-over: it is tried again a few times.
  const sink = async (handle: () => Promise<{ unknown: boolean | number }>) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await handle();
        if (!r.unknown) return 200;
      } catch (error) {
        return error instanceof AppError ? error.status : 500;
      }
      if (attempt >= 8) return 404;
      await sleep(25 * 2 ** attempt);
    }
  };
  providers.sinks.print = (raw, signature) =>
    sink(() => handlePrintWebhook(database.pool, providers, raw, signature, blobs));
  providers.sinks.sms = (url, params, signature) =>
    sink(async () => {
      const r = await handleSmsCallback(database.pool, providers, { url, params, signature });
      return { unknown: r.unknown };
    });
  // A test key's sandboxes (separate only when real providers are configured) report the same way.
  providers.sinks.testPrint = (raw, signature) =>
    sink(() => handlePrintWebhook(database.pool, providers.test, raw, signature, blobs));
  providers.sinks.testSms = (url, params, signature) =>
    sink(async () => {
      const r = await handleSmsCallback(database.pool, providers.test, { url, params, signature });
      return { unknown: r.unknown };
    });
  const carriers = createCarriers({
    clickAndDropApiKey: config.CLICK_AND_DROP_API_KEY,
    clickAndDropBaseUrl: config.CLICK_AND_DROP_BASE_URL,
    sandbox: {
      latencyMs: config.CARRIER_SANDBOX_LATENCY_MS,
      failureRate: config.CARRIER_SANDBOX_FAILURE_RATE,
      labelDelayMs: config.CARRIER_SANDBOX_LABEL_DELAY_MS,
      trackingStepMs: config.CARRIER_SANDBOX_TRACKING_STEP_MS,
      webhookSecret: createHmac('sha256', config.authSecret).update('carrier-sandbox-webhook').digest('base64url'),
    },
  });
  const parcels: ParcelDeps = {
    pool: database.pool,
    blobs,
    carriers: carriers.adapters,
    quoteTimeoutMs: config.CARRIER_QUOTE_TIMEOUT_MS,
    labelPollMs: config.CARRIER_LABEL_POLL_MS,
    postcodes,
    addresses: config.IDEAL_POSTCODES_API_KEY
      ? createIdealPostcodesLookup({
          apiKey: config.IDEAL_POSTCODES_API_KEY,
          baseUrl: config.IDEAL_POSTCODES_BASE_URL,
        })
      : createSandboxAddressLookup(config.ADDRESS_SANDBOX_LATENCY_MS),
  };
  carriers.setEventSink((slug, raw, signature) => {
    const carrier = carrierFromSlug(slug);
    if (!carrier) return Promise.resolve(404);
    return sink(async () => {
      const r = await handleCarrierWebhook(parcels, carrier, raw, signature);
      return { unknown: r.unknown > 0 && r.applied === 0 };
    });
  });
  // The integrations (providers, tokens, the sandbox): the drive sync job and the routes share one.
  const integrations = new Integrations({ pool: database.pool, config });
  // Letters tell what happens to them; integrations copy clean uploads and show the copies.
  onLetterAnalysed('drive-sync', async (q, letter) => {
    await queueDriveSyncs(q, letter.id, letter.accountId, 'uploaded');
  });
  setLetterCloudSyncsReader(findLetterCloudSyncs);
  // A merged letter that analysed clean is delivered by its run (decision 0036).
  onLetterAnalysed('merge-deliver', queueMergedDelivery);
  // A clean letter of a company with Auto-deliver on is posted at once (decision 0016).
  onLetterAnalysed('auto-deliver', queueAutoDeliver);
  // The webhook sender (decision 0029): production sends only to https on public addresses.
  const webhooks: WebhookSenderDeps = {
    pool: database.pool,
    ring: keyRing(config.integrationKeys, config.authSecret),
    policy: { production: config.NODE_ENV === 'production' },
    publicUrl: config.PUBLIC_URL,
    now: () => new Date(),
    schedule: WEBHOOK_RETRY_SCHEDULE_MS,
    retryForMs: WEBHOOK_RETRY_FOR_MS,
    timeoutMs: 10_000,
  };
  const isLast = (helpers: JobHelpers) => helpers.job.attempts >= helpers.job.max_attempts;
  /**
   * A letter job with its steps timed (platform/steps.ts) and logged at debug level with the
   * queue's own delay, from runnable to picked up (issue 29's breakdown of a letter's cost).
   */
  const withLetterSteps = async (message: string, letterId: string, helpers: JobHelpers, work: () => Promise<void>) => {
    const pickUpMs = Date.now() - new Date(helpers.job.run_at).getTime();
    await withSteps(async (steps) => {
      await work();
      log.debug({ letterId, pickUpMs, totalMs: steps.totalMs, steps: steps.ms }, message);
    });
  };
  const taskList: TaskList = {
    [TASKS.sendEmail]: async (payload) => {
      await mailer.send(payload as MailMessage);
    },
    [TASKS.requestPasswordReset]: async (payload) => {
      await runPasswordResetRequest(database.pool, auth, (payload as { email: string }).email);
    },
    [ANALYSE_TASK]: async (payload, helpers) => {
      const { letterId } = payload as { letterId: string };
      await withLetterSteps('letter analysis steps', letterId, helpers, () =>
        runAnalysis(database.pool, blobs, letterId, postcodes, isLast(helpers), { soffice: config.SOFFICE_PATH }),
      );
    },
    [PROPOSE_SPLIT_TASK]: async (payload, helpers) => {
      const { letterId } = payload as { letterId: string };
      await withLetterSteps('split proposal steps', letterId, helpers, () =>
        runSplitProposal(database.pool, blobs, letterId, isLast(helpers)),
      );
    },
    [SPLIT_TASK]: async (payload, helpers) => {
      const { letterId, userId } = payload as { letterId: string; userId: string | null };
      await withLetterSteps('split steps', letterId, helpers, () =>
        runSplit(database.pool, blobs, letterId, userId, isLast(helpers)),
      );
    },
    [SWEEP_TASK]: async () => {
      const swept = await sweepStuckLetters(database.pool);
      if (swept.restarted || swept.failed) log.warn(swept, 'letters stuck in analysis restarted or failed');
      // The keyed renewal jobs charge on time; this catches a renewal whose job was lost.
      const renewed = await renewDuePlans(database.pool);
      if (renewed.paid || renewed.suspended) log.info(renewed, 'plan renewals caught up by the sweep');
      await deleteExpiredQuotes(database.pool);
      const abandoned = await sweepAbandonedUploads(database.pool, blobs, STORAGE_UPLOAD_TTL_MS);
      if (abandoned) log.info({ abandoned }, 'abandoned storage uploads dropped');
    },
    [AUTO_DELIVER_TASK]: async (payload) => {
      await autoDeliver(delivery, (payload as { letterId: string }).letterId);
    },
    [MERGE_TASK]: async (payload) => {
      await runMerge(database.pool, blobs, (payload as { runId: string }).runId, {
        soffice: config.SOFFICE_PATH,
        onFallback: (reason, letters) =>
          log.warn({ reason, letters }, 'a mail merge batch is converted letter by letter'),
      });
    },
    [MERGE_DELIVER_TASK]: async (payload) => {
      await deliverMergedLetter(delivery, (payload as { letterId: string }).letterId);
    },
    [DELIVER_TASK]: async (payload, helpers) => {
      const { deliveryId } = payload as { deliveryId: string };
      await runDelivery(delivery, deliveryId, helpers.job.attempts >= helpers.job.max_attempts);
    },
    [BOOK_PARCEL_TASK]: async (payload, helpers) => {
      const { parcelId } = payload as { parcelId: string };
      await runBooking(parcels, parcelId, helpers.job.attempts >= helpers.job.max_attempts);
    },
    [FETCH_LABEL_TASK]: async (payload, helpers) => {
      const { parcelId, since } = payload as { parcelId: string; since: number };
      await runLabelFetch(parcels, parcelId, since, helpers.job.attempts >= helpers.job.max_attempts);
    },
    [DRIVE_SYNC_TASK]: async (payload, helpers) => {
      await runDriveSync(
        { pool: database.pool, blobs, integrations },
        payload as DriveSyncPayload,
        helpers.job.attempts >= helpers.job.max_attempts,
      );
    },
    [INVOICE_SYNC_TASK]: async (payload) => {
      const outcome = await runInvoiceSync(
        { pool: database.pool, blobs, postcodes, integrations },
        payload as InvoiceSyncPayload,
      );
      if (outcome.imported || outcome.skipped)
        log.info({ ...(payload as object), ...outcome }, 'invoice auto-sync ran');
    },
    [RESEAL_TASK]: async () => {
      const outcome = await resealIntegrationTokens(database.pool, integrations.ring);
      if (outcome.resealed || outcome.unreadable)
        log.info(outcome, 'integration tokens re-sealed with the current key');
      // Webhook endpoints' signing secrets are sealed with the same key ring.
      const secrets = await resealWebhookSecrets(database.pool, integrations.ring);
      if (secrets.resealed || secrets.unreadable) log.info(secrets, 'webhook secrets re-sealed with the current key');
    },
    [TASKS.sendWebhook]: async (payload) => {
      await runWebhookDelivery(webhooks, payload as SendPayload);
    },
    [RENEW_TASK]: async (payload) => {
      const outcome = await renewPlan(database.pool, (payload as { accountId: string }).accountId);
      log.info({ accountId: (payload as { accountId: string }).accountId, outcome }, 'plan renewal');
    },
  };
  return {
    database,
    pool: database.pool,
    jobs,
    mailer,
    auth,
    hub,
    blobs,
    taskList,
    delivery,
    parcels,
    carriers,
    postcodes,
    integrations,
    webhooks,
    async close() {
      providers.close();
      carriers.close();
      await hub.stop();
      await jobs.close();
      mailer.close();
      blobs.close();
      await database.close();
    },
  };
}

/** The job queue of services opened without the database: nothing may be queued. */
const offlineJobQueue: JobQueue = {
  add: () => Promise.reject(new Error('These services were opened without a database: no job can be queued.')),
  close: () => Promise.resolve(),
};

export type Services = Awaited<ReturnType<typeof openServices>>;
