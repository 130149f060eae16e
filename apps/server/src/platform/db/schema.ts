import type {
  ChannelState,
  DeliveryChannel,
  DeliveryState,
  IntegrationProviderId,
  LetterheadKind,
  MailTrackingEvent,
  ParcelParty,
  PostalAddress,
  RegisteredCompany,
  SplitProposal,
  StorageItemKind,
  WindowLayout,
} from '@lp/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea: node-postgres gives and takes a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A company account (part 1 section 3, Account). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    /**
     * The account id people see and give their bank as the transfer reference ("LP-7K3M-9QXD-2R4",
     * decision 0031; @lp/domain account-reference.ts): sign-up sets one, the database's
     * lp_account_reference() fills any other insert and filled the companies before it.
     */
    reference: text('reference').notNull().default(sql`lp_account_reference()`),
    name: text('name').notNull(),
    currentPlan: text('current_plan').notNull().default('Basic'),
    healthStatus: text('health_status').notNull().default('active'),
    healthReason: text('health_reason'),
    valid: boolean('valid').notNull().default(true),
    /** The company's settings by area ({ delivery: ... }); {} when none were saved. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ownerUserId: text('owner_user_id'),
    /** When on, only members with top_up see the balance (the owner sets it). */
    restrictBalanceToFinanceAdmins: boolean('restrict_balance_to_finance_admins').notNull().default(false),
    /** The start of the plan period now paid for (null on a free plan). */
    planPeriodStart: timestamp('plan_period_start', { withTimezone: true }),
    /** When the plan's next monthly fee is due (null on a free plan). */
    planRenewsAt: timestamp('plan_renews_at', { withTimezone: true }),
    /** The company's number in the UK company register (Companies House), once looked up. */
    registrationNumber: text('registration_number'),
    /** What the register said at the lookup: registered name, status, address, incorporation date. */
    registration: jsonb('registration').$type<RegisteredCompany>(),
    registrationCheckedAt: timestamp('registration_checked_at', { withTimezone: true }),
    vatNumber: text('vat_number'),
    /** The postal address (edit_company_address): parcels' default sender, letters' return address. */
    postalAddress: jsonb('postal_address').$type<PostalAddress>(),
    /** Where replies to the company's letters sent by email go (null: to the member who sent each). */
    replyToEmail: text('reply_to_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_reference_key').on(t.reference)],
);

/** A department of a company: preset permissions, approval-required tasks and supervisors. */
export const departments = pgTable(
  'departments',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Permission names by kind (operational, observable, administrative); {} when none were given. */
    permissions: jsonb('permissions').$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    approvals: jsonb('approvals').$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('departments_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

/** A person: better-auth's user model extended with the member fields of part 1 section 3. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    departmentId: text('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** Permission names by kind (operational, observable, administrative); {} when none were given. */
    permissions: jsonb('permissions').$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    approvals: jsonb('approvals').$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    acceptedInvite: boolean('accepted_invite').notNull().default(true),
    jobTitle: text('job_title').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    firstTime: boolean('first_time').notNull().default(true),
    valid: boolean('valid').notNull().default(true),
    /** Monthly spending cap in pence; 0 means Unlimited. */
    capPence: bigint('cap_pence', { mode: 'number' }).notNull().default(0),
    /** A non-zero override takes precedence over the cap. */
    overrideCapPence: bigint('override_cap_pence', { mode: 'number' }).notNull().default(0),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The user's own list preferences (which tabs they see), from /accountSettings. */
    listPreferences: jsonb('list_preferences').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Partial: counting a company's valid members is an index-only scan.
    index('users_account_id_idx').on(t.accountId).where(sql`valid`),
    // Lists of a company's members sorted by name, and their search.
    index('users_account_name_idx').on(t.accountId, sql`lower(${t.name})`, t.id).where(sql`valid`),
    index('users_department_idx').on(t.departmentId),
    // Search over name and email (LIKE '%word%') through trigrams.
    index('users_search_trgm_idx').using('gin', sql`(lower(${t.name}) || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);

/** Sessions live in the database so that any instance can serve any user and revocation is immediate. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_id_idx').on(t.userId)],
);

/** Credentials (better-auth's "account" model; renamed to keep "account" for the company). */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

/** Single-use, expiring tokens (password reset). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** An invitation to join a company: the invited user exists with accepted_invite false until it is accepted once, before it expires. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_account_id_idx').on(t.accountId), index('invitations_user_id_idx').on(t.userId)],
);

/** Each sign-in, as the spec's sign-in flow records it. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_events_user_id_idx').on(t.userId, t.createdAt)],
);

/** A notification for one user (the bell counts the unread ones). */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    description: text('description').notNull(),
    highlight: boolean('highlight').notNull().default(false),
    approval: jsonb('approval'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_open_idx').on(t.userId).where(sql`dismissed_at is null`)],
);

/** Who supervises a department (their approvals and notifications). */
export const departmentSupervisors = pgTable(
  'department_supervisors',
  {
    departmentId: text('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.userId] }), index('department_supervisors_user_idx').on(t.userId)],
);

/** A task waiting for a supervisor's verdict; the payload is what runs when it is approved. */
export const approvals = pgTable(
  'approvals',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    departmentId: text('department_id').references(() => departments.id, { onDelete: 'set null' }),
    task: text('task').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    supervisedUserId: text('supervised_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    verdict: text('verdict'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('approvals_account_pending_idx').on(t.accountId, t.createdAt).where(sql`verdict is null`)],
);

/** What each member spent in a month (pence), checked against their cap when spend is reserved. */
export const memberSpend = pgTable(
  'member_spend',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** Every administrative change: who, what, when, before and after (written in the same transaction). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    /** Of a change made by a program: the API key it used (its id and its name then). */
    actorApiKeyId: text('actor_api_key_id'),
    actorApiKeyName: text('actor_api_key_name'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.entityType, t.id)],
);

/** An uploaded letter and what its analysis found. */
export const letters = pgTable(
  'letters',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    documentType: text('document_type').notNull().default('regular'),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    forceStatusError: boolean('force_status_error').notNull().default(false),
    markForDeletion: boolean('mark_for_deletion').notNull().default(false),
    processed: boolean('processed').notNull().default(false),
    /** Uploaded with a test API key (or split from such a letter): delivered to the sandboxes only, never charged. */
    testMode: boolean('test_mode').notNull().default(false),
    numPages: bigint('num_pages', { mode: 'number' }),
    recipientNameSnapshot: text('recipient_name_snapshot'),
    recipientAddressSnapshot: text('recipient_address_snapshot').array(),
    postcode: text('postcode'),
    /** The country of a foreign recipient (ISO 3166-1 alpha-2, read from the address's last line); null for the UK. */
    country: text('country'),
    blobKey: text('blob_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** What was uploaded: a PDF, or a DOCX converted to the PDF under blob_key (the original under source_key). */
    sourceType: text('source_type').notNull().default('pdf'),
    sourceKey: text('source_key'),
    /** A letter cut from a merged file points to it; the merged file is kept. */
    parentId: text('parent_id').references((): AnyPgColumn => letters.id, { onDelete: 'set null' }),
    /** Of a merged letter: null (never split), splitting, split or failed, and how many letters it gave. */
    splitStatus: text('split_status'),
    splitCount: integer('split_count'),
    /**
     * Of a merged letter being split: the proposed cut points, shown to the user before any letter
     * is created ({ pages, starts: [{ page, signals }] }); the confirmed starts replace them.
     */
    splitProposal: jsonb('split_proposal').$type<SplitProposal>(),
    /**
     * What the analysis found on page 1, in millimetres from the top-left corner: the window, the
     * address block, where the postal barcode goes, and what blocks it ({ window, address, barcode,
     * intrusions: [{ kind, text?, box }] }). Drawn over the preview.
     */
    layout: jsonb('layout').$type<WindowLayout>(),
    /** An address sheet was put in front of the letter (an extra sheet, priced with delivery). */
    addressSheet: boolean('address_sheet').notNull().default(false),
    /** The file as uploaded, kept when the product changed the file it sends (an address sheet, a re-set address). */
    originalKey: text('original_key'),
    /**
     * The address on page 1 whited out and set again inside the window (decision 0026); like the
     * address sheet, the uploaded file is kept under original_key.
     */
    addressReset: boolean('address_reset').notNull().default(false),
    /** How the recipient was read: from the text layer, by OCR (a scanned letter), or corrected or confirmed by a person. */
    addressSource: text('address_source').notNull().default('text'),
    /** Of an address read by OCR: its confidence, 0-100. */
    ocrConfidence: integer('ocr_confidence'),
    deliveryChannels: text('delivery_channels').array().notNull().default(sql`'{}'::text[]`),
    successfulDeliveryChannels: text('successful_delivery_channels').array().notNull().default(sql`'{}'::text[]`),
    unsuccessfulDeliveryChannels: text('unsuccessful_delivery_channels').array().notNull().default(sql`'{}'::text[]`),
    hasBeenPosted: boolean('has_been_posted').notNull().default(false),
    cloudSynced: boolean('cloud_synced').notNull().default(false),
    deliveredOn: timestamp('delivered_on', { withTimezone: true }),
    /** The customer this letter is for (matched by name and postcode after analysis, or chosen). */
    customerId: text('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's index, (account_id, created_at, id) with the columns the tab counts, filters and
    // search read included, is created in migration 0006 (drizzle cannot declare INCLUDE), and the
    // creator filter's (account_id, creator_id, created_at, id) in 0007.
    index('letters_parent_idx').on(t.parentId),
    index('letters_analysing_idx').on(t.updatedAt).where(sql`status = 'Analysing'`),
  ],
);

/** Every status a letter went through, with the reason. */
export const letterHistory = pgTable(
  'letter_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    letterId: text('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('letter_history_letter_idx').on(t.letterId, t.id)],
);

/** A company's money: the posted balance and what holds reserve of it (both derivable from the ledger). */
export const accountBalances = pgTable(
  'account_balances',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id),
    balancePence: bigint('balance_pence', { mode: 'number' }).notNull().default(0),
    heldPence: bigint('held_pence', { mode: 'number' }).notNull().default(0),
    /** How many ledger entries the company has (the unfiltered transactions count, read in O(1)). */
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('account_balances_never_negative', sql`${t.heldPence} >= 0 and ${t.heldPence} <= ${t.balancePence}`)],
);

/**
 * Every movement of money, immutable (a trigger refuses updates and deletes). The posted balance
 * is the sum of amount_pence, the held amount the sum of held_delta_pence.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    heldDeltaPence: bigint('held_delta_pence', { mode: 'number' }).notNull().default(0),
    balanceAfterPence: bigint('balance_after_pence', { mode: 'number' }).notNull(),
    /** Who caused it (no foreign key: the entry outlives the member; name and email are kept). */
    userId: text('user_id'),
    userName: text('user_name'),
    userEmail: text('user_email'),
    description: text('description').notNull(),
    serviceId: text('service_id'),
    reference: text('reference'),
    holdId: text('hold_id'),
    /** The month (Europe/London) whose member spend this entry counted in; null when not capped. */
    capMonth: date('cap_month'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the call asked for, so that the same key with a different request is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_idx').on(t.accountId, t.idempotencyKey),
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt.desc(), t.seq.desc()),
    // Written as SQL in their migrations: ledger_entries_search_idx and ledger_entries_type_idx (0010),
    // ledger_entries_service_idx (0035, the transactions search by letter and parcel).
  ],
);

/** Money reserved for work charged later: captured or released, never both. */
export const holds = pgTable(
  'holds',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The member whose monthly cap it counts against (null: a company charge). */
    userId: text('user_id'),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    status: text('status').$type<'open' | 'captured' | 'released'>().notNull().default('open'),
    capturedPence: bigint('captured_pence', { mode: 'number' }),
    /** The month (Europe/London) whose spend the hold reserved. */
    capMonth: date('cap_month'),
    description: text('description').notNull(),
    serviceId: text('service_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('holds_idempotency_idx').on(t.accountId, t.idempotencyKey),
    index('holds_open_idx').on(t.accountId).where(sql`status = 'open'`),
    check('holds_status', sql`${t.status} in ('open', 'captured', 'released')`),
    check('holds_amount_positive', sql`${t.amountPence} > 0`),
  ],
);

/** A card top-up as the payment provider knows it, and whether it has been credited. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: text('user_id'),
    userName: text('user_name'),
    userEmail: text('user_email'),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    lastError: text('last_error'),
    /** The provider's time of the newest event applied (older events do not undo newer ones). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    ledgerEntryId: text('ledger_entry_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_intents_account_idx').on(t.accountId, t.createdAt)],
);

/** Provider events already processed (each event id once). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each monthly plan period of a company, charged once. */
export const planPeriods = pgTable(
  'plan_periods',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    plan: text('plan').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    status: text('status').$type<'paid' | 'unpaid' | 'waived'>().notNull(),
    ledgerEntryId: text('ledger_entry_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.periodStart] }),
    check('plan_periods_status', sql`${t.status} in ('paid', 'unpaid', 'waived')`),
  ],
);

/** The built-in payment sandbox's own records (what Stripe would keep on its side). */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  paymentMethod: text('payment_method'),
  lastError: jsonb('last_error'),
  metadata: jsonb('metadata').notNull(),
  createdAt: createdAt(),
});

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  /** The test card's scripted outcome (succeeds, a decline code). */
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

export const schema = {
  accounts,
  users,
  sessions,
  authAccounts,
  verifications,
  invitations,
  signInEvents,
  notifications,
};

/**
 * One request to deliver a letter (decision 0016): its channels with their options, the price, and
 * where it is: waiting for a supervisor, for its time, being handed over, or ended.
 */
export const letterDeliveries = pgTable(
  'letter_deliveries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    letterId: text('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    /** The member who asked (their cap pays; kept as name and email when they are removed). */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    state: text('state').$type<DeliveryState>().notNull(),
    /** The letter's status before the delivery (a cancel or a denial puts it back). */
    previousStatus: text('previous_status').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    approvalId: text('approval_id'),
    totalPence: bigint('total_pence', { mode: 'number' }).notNull(),
    /** The request as validated (channels' options), for the job and the panel. */
    options: jsonb('options').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('letter_deliveries_open_idx').on(t.letterId).where(sql`state in ('in_review', 'scheduled', 'sending')`),
    index('letter_deliveries_letter_idx').on(t.letterId, t.createdAt),
    index('letter_deliveries_due_idx').on(t.scheduledFor).where(sql`state = 'scheduled'`),
    check(
      'letter_deliveries_state',
      sql`${t.state} in ('in_review', 'scheduled', 'sending', 'done', 'cancelled', 'denied')`,
    ),
  ],
);

/** One channel of a delivery: its price and hold, the provider's id and status, and the outcome. */
export const letterDeliveryChannels = pgTable(
  'letter_delivery_channels',
  {
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => letterDeliveries.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    state: text('state').$type<ChannelState>().notNull().default('queued'),
    pricePence: bigint('price_pence', { mode: 'number' }).notNull(),
    holdId: text('hold_id'),
    captureEntryId: text('capture_entry_id'),
    refundEntryId: text('refund_entry_id'),
    /** Who carries it (sandbox, stannp, twilio, smtp, outbox, cloud) and their id for it. */
    provider: text('provider'),
    providerId: text('provider_id'),
    providerStatus: text('provider_status'),
    /** The address, number or link it went to, for the panel. */
    recipient: text('recipient'),
    reason: text('reason'),
    /** Mail by a tracked service: Royal Mail's tracking number, its events (oldest first), the proof of delivery. */
    trackingNumber: text('tracking_number'),
    trackingEvents: jsonb('tracking_events').$type<MailTrackingEvent[]>().notNull().default(sql`'[]'::jsonb`),
    signedBy: text('signed_by'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The proof of delivery (PDF: the events, the name and the signature), kept with the letter. */
    proofKey: text('proof_key'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryId, t.channel] }),
    uniqueIndex('letter_delivery_channels_provider_idx').on(t.provider, t.providerId),
    check(
      'letter_delivery_channels_channel',
      sql`${t.channel} in ('mail', 'email', 'sms', 'cloud_link', 'cloud_storage')`,
    ),
    check(
      'letter_delivery_channels_state',
      sql`${t.state} in ('queued', 'handed_over', 'succeeded', 'failed', 'cancelled')`,
    ),
  ],
);

/** A private link to a letter (the token is kept only as its SHA-256), and when it was opened. */
export const cloudLinks = pgTable(
  'cloud_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    letterId: text('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').references(() => letterDeliveries.id, { onDelete: 'cascade' }),
    /** The delivery channel it was made for (mail has none; email, text message or cloud link). */
    channel: text('channel'),
    /** The token sealed with the server's key (AES-256-GCM), so the sender can copy the link again. */
    tokenSealed: text('token_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    /** When the sender revoked it: from then on it answers as an unknown link. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('cloud_links_delivery_idx').on(t.deliveryId)],
);

/** Provider callbacks already applied (each event once, however often it arrives). */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A company's customer (recipient): who letters and parcels go to (part 2 section 3). */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    addressLines: text('address_lines').array().notNull().default(sql`'{}'::text[]`),
    postcode: text('postcode'),
    email: text('email'),
    phone: text('phone'),
    /** Mail, Email, SMS, Cloud storage (Mail when none; Mail added to SMS alone). */
    communicationsPreference: text('communications_preference').array().notNull().default(sql`'{Mail}'::text[]`),
    cloudStorageProvider: text('cloud_storage_provider'),
    /** The name and postcode as letters are matched to it (customerMatchKey in @lp/domain). */
    matchKey: text('match_key').notNull(),
    /**
     * What the search reads: name, email, postcode and phone folded by search_fold (case, accents,
     * apostrophes), kept by PostgreSQL on every write (migration 0032): its trigram index's recheck
     * reads it rather than folding every candidate again.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`public.search_fold(name || ' ' || coalesce(email, '') || ' ' || coalesce(postcode, '') || ' ' || coalesce(phone, ''))`,
    ),
    /** A letter to this address came back (gone away, refused...): why and when; cleared when the address changes. */
    addressReturnedReason: text('address_returned_reason'),
    addressReturnedAt: timestamp('address_returned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's order: by name under the ICU collation customer_name (case and accents ignored:
    // "Áine" beside "Aine", before "Zoë"; numbers by value), created with the search's
    // `search_fold` and its trigram index in migration 0028 (docs/decisions/0033-customers-first-week.md).
    index('customers_sort_idx').on(t.accountId, sql`${t.name} collate customer_name`, t.id),
    index('customers_match_idx').on(t.accountId, t.matchKey),
    uniqueIndex('customers_email_idx').on(t.accountId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    // Written as SQL in their migrations (expressions over SQL functions): customers_search_idx (0032),
    // customers_postcode_idx and customers_words_idx (0035, decision 0041).
  ],
);

/** A company's letterheads: primary and secondary, a PDF or an image each. */
export const letterheads = pgTable(
  'letterheads',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LetterheadKind>().notNull(),
    /** pdf or image (png or jpeg, in content_type). */
    type: text('type').$type<'pdf' | 'image'>().notNull(),
    contentType: text('content_type').notNull(),
    blobKey: text('blob_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind] }),
    check('letterheads_kind', sql`${t.kind} in ('primary', 'secondary')`),
    check('letterheads_type', sql`${t.type} in ('pdf', 'image')`),
  ],
);

/**
 * A company's inserts (issue 28 item 4, decision 0037): a PDF of 1 or 2 sheets (terms and
 * conditions...) stored once and added to every letter that chooses it.
 */
export const letterInserts = pgTable(
  'letter_inserts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    blobKey: text('blob_key').notNull(),
    pages: integer('pages').notNull(),
    sheets: integer('sheets').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the file: the same file uploaded again is the same insert (stored once). */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('letter_inserts_file_idx').on(t.accountId, t.sha256),
    index('letter_inserts_account_idx').on(t.accountId, t.createdAt),
    check('letter_inserts_sheets', sql`${t.sheets} between 1 and 2`),
  ],
);

/**
 * Parcels (issue 13, decision 0019): one row per booking, from the quote chosen to the label and
 * tracking. Parties are kept as the form's objects; amounts in pence, sizes in cm, weight in kg.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    creatorName: text('creator_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    status: text('status').notNull(),
    sender: jsonb('sender').$type<ParcelParty>().notNull(),
    recipient: jsonb('recipient').$type<ParcelParty>().notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientPostcode: text('recipient_postcode').notNull(),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    carrierName: text('carrier_name').notNull(),
    serviceId: text('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    goodsValuePence: bigint('goods_value_pence', { mode: 'number' }).notNull(),
    goodsDescription: text('goods_description').notNull().default(''),
    deliveryNotes: text('delivery_notes').notNull().default(''),
    lengthCm: numeric('length_cm', { precision: 9, scale: 2 }).notNull(),
    widthCm: numeric('width_cm', { precision: 9, scale: 2 }).notNull(),
    heightCm: numeric('height_cm', { precision: 9, scale: 2 }).notNull(),
    weightKg: numeric('weight_kg', { precision: 9, scale: 2 }).notNull(),
    collectionDate: date('collection_date').notNull(),
    costPence: integer('cost_pence').notNull(),
    holdId: text('hold_id'),
    /** The capture of the hold (what a refund refers to). */
    chargeEntryId: text('charge_entry_id'),
    approvalId: text('approval_id'),
    /** The carrier's tracking number (null until booked) and its own order id. */
    shipmentId: text('shipment_id'),
    carrierReference: text('carrier_reference'),
    labelKey: text('label_key'),
    trackingStatus: text('tracking_status'),
    failureReason: text('failure_reason'),
    /**
     * Set while a void is with the carrier (decision 0034): a second void finds it set and is refused,
     * so one label is voided and refunded once. A claim older than two minutes is stale (the process
     * died mid-call) and may be taken again.
     */
    voidingSince: timestamp('voiding_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('parcels_list_idx').on(t.accountId, t.createdAt, t.id),
    // A customer's parcels, newest first (their past messages, issue 27 item 24).
    index('parcels_customer_idx').on(t.customerId, t.createdAt).where(sql`customer_id is not null`),
    uniqueIndex('parcels_shipment_idx').on(t.carrierName, t.shipmentId).where(sql`shipment_id is not null`),
  ],
);

/** Every status a parcel went through, with the reason. */
export const parcelHistory = pgTable(
  'parcel_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parcelId: text('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('parcel_history_parcel_idx').on(t.parcelId, t.id)],
);

/** Tracking points as the carrier reported them, once each (the carrier's event id). */
export const parcelTracking = pgTable(
  'parcel_tracking',
  {
    parcelId: text('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    message: text('message').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parcelId, t.eventId] }), index('parcel_tracking_time_idx').on(t.parcelId, t.at)],
);

/** A quote as shown (kept 30 minutes): a booking charges the price of one of its rows, never the browser's. */
export const parcelQuotes = pgTable(
  'parcel_quotes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    request: jsonb('request').notNull(),
    rows: jsonb('rows').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('parcel_quotes_expiry_idx').on(t.expiresAt)],
);

/** A company's own parcel presets (kg and cm). */
export const parcelPresets = pgTable(
  'parcel_presets',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weightKg: numeric('weight_kg', { precision: 9, scale: 2 }).notNull(),
    lengthCm: numeric('length_cm', { precision: 9, scale: 2 }).notNull(),
    widthCm: numeric('width_cm', { precision: 9, scale: 2 }).notNull(),
    heightCm: numeric('height_cm', { precision: 9, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parcel_presets_name_idx').on(t.accountId, sql`lower(${t.name})`)],
);

/**
 * A member's parcel booking form as they left it (decision 0034): kept server-side so it survives a
 * reload and follows them to another device, one per member, deleted when they book or discard it.
 */
export const parcelDrafts = pgTable('parcel_drafts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Document storage (issue 14, decision 0020): customer folders, folders, files and letter-linked
 * items of a company. `parent_id` null is the root; `ancestors` are the folders from the root down,
 * so a folder's totals and a recursive delete need no recursion. A file's bytes are at `blob_key`
 * (`storage/{account}/{id}`), never under its name.
 */
export const storageItems = pgTable(
  'storage_items',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => storageItems.id, { onDelete: 'cascade' }),
    ancestors: text('ancestors').array().notNull().default(sql`'{}'::text[]`),
    /** customer_folder, folder or file. */
    kind: text('kind').$type<StorageItemKind>().notNull(),
    /** A file's name is kept without its extension. */
    name: text('name').notNull(),
    /** pdf, png, jpg, jpeg or gif for a stored file; pdf for a letter-linked item; null for folders. */
    ext: text('ext'),
    contentType: text('content_type'),
    blobKey: text('blob_key'),
    /** A file's size; a folder's is the sum of what is below it. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** Files and letter-linked items below a folder; -1 for a file. */
    numFiles: integer('num_files').notNull().default(0),
    editable: boolean('editable').notNull().default(true),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    letterId: text('letter_id').references(() => letters.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('storage_items_kind', sql`${t.kind} in ('customer_folder', 'folder', 'file')`),
    index('storage_items_list_idx').on(
      t.accountId,
      sql`coalesce(${t.parentId}, '')`,
      sql`(case ${t.kind} when 'customer_folder' then 0 when 'folder' then 1 else 2 end)`,
      sql`lower(${t.name})`,
      t.id,
    ),
    uniqueIndex('storage_items_name_idx')
      .on(
        t.accountId,
        sql`coalesce(${t.parentId}, '')`,
        sql`(${t.kind} = 'file')`,
        sql`lower(${t.name})`,
        sql`coalesce(${t.ext}, '')`,
      )
      .where(sql`${t.kind} <> 'customer_folder' and ${t.letterId} is null`),
    index('storage_items_ancestors_idx').using('gin', t.ancestors),
    uniqueIndex('storage_items_customer_idx').on(t.customerId).where(sql`${t.kind} = 'customer_folder'`),
    uniqueIndex('storage_items_letter_idx').on(t.parentId, t.letterId).where(sql`${t.letterId} is not null`),
    // The tree's "has folders inside", a folder's cascade, and the foreign keys' actions.
    index('storage_items_parent_idx').on(t.parentId),
    index('storage_items_letter_fk_idx').on(t.letterId).where(sql`${t.letterId} is not null`),
    index('storage_items_customer_fk_idx').on(t.customerId).where(sql`${t.customerId} is not null`),
    index('storage_items_creator_fk_idx').on(t.creatorId).where(sql`${t.creatorId} is not null`),
  ],
);

/** A company's storage use: the stored files' bytes, and the bytes reserved by uploads under way. */
export const storageUsage = pgTable(
  'storage_usage',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    reservedBytes: bigint('reserved_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('storage_usage_used', sql`${t.usedBytes} >= 0`),
    check('storage_usage_reserved', sql`${t.reservedBytes} >= 0`),
  ],
);

/** An upload under way (decision 0020): its reservation, where its parts are, how much has arrived. */
export const storageUploads = pgTable(
  'storage_uploads',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => storageItems.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the file will have (cleaned, without extension) and its extension. */
    name: text('name').notNull(),
    ext: text('ext').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    chunkBytes: integer('chunk_bytes').notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    blobKey: text('blob_key').notNull(),
    multipartId: text('multipart_id').notNull(),
    /** The parts stored so far: [{ partNumber, etag }]. */
    parts: jsonb('parts').notNull().default(sql`'[]'::jsonb`),
    /** The item a finished upload became (kept a day, so a client that lost the last answer learns it). */
    itemId: text('item_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('storage_uploads_updated_idx').on(t.updatedAt), index('storage_uploads_folder_idx').on(t.folderId)],
);

/**
 * A company's connection to an accounting or cloud storage provider (issue 15, decision 0021): the
 * tenant it reaches (Xero tenant, QuickBooks realm, Sage business, the drive's account) and its
 * tokens, sealed with AES-256-GCM (platform/secrets.ts); never answered or logged.
 */
export const integrations = pgTable(
  'integrations',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** xero, quickbooks, sage, google_drive, dropbox, onedrive (INTEGRATION_PROVIDER_IDS). */
    provider: text('provider').$type<IntegrationProviderId>().notNull(),
    /** connected; revoked (the provider refused our refresh: Reconnect); error (the last call failed). */
    status: text('status').$type<'connected' | 'revoked' | 'error'>().notNull().default('connected'),
    /** Cloud drives: copy letters to the drive. */
    autoSync: boolean('auto_sync').notNull().default(false),
    /** Cloud drives with auto-sync: uploaded letters are copied too (once analysed), not only delivered ones. */
    syncUploads: boolean('sync_uploads').notNull().default(false),
    /**
     * Accounting providers with auto-sync: invoices issued from this day are imported as letters
     * every hour (set when auto-sync is turned on; issue 27 item 20, decision 0033).
     */
    invoiceSyncSince: timestamp('invoice_sync_since', { withTimezone: true }),
    tenantId: text('tenant_id'),
    tenantName: text('tenant_name'),
    /** { access_token, refresh_token, expires_at } sealed (key id, IV, tag, data). */
    tokensSealed: text('tokens_sealed').notNull(),
    /** When the access token expires: it is refreshed ahead of this. */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** What went wrong last (our words, never a token). */
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.provider] }),
    check('integrations_status', sql`${t.status} in ('connected', 'revoked', 'error')`),
    check(
      'integrations_provider',
      sql`${t.provider} in ('xero', 'quickbooks', 'sage', 'google_drive', 'dropbox', 'onedrive')`,
    ),
    index('integrations_connected_by_idx').on(t.connectedBy).where(sql`${t.connectedBy} is not null`),
  ],
);

/** A connection being made: the OAuth state (random, bound to company, user and provider; 10 minutes) and its PKCE verifier. */
export const integrationOauthStates = pgTable(
  'integration_oauth_states',
  {
    state: text('state').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    verifierSealed: text('verifier_sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_oauth_states_created_idx').on(t.createdAt),
    index('integration_oauth_states_account_idx').on(t.accountId),
    index('integration_oauth_states_user_idx').on(t.userId),
  ],
);

/**
 * What an import made of a provider's record (a contact's customer, an invoice's letter), so a
 * second import updates or answers it rather than making another. The tenant is part of the key:
 * QuickBooks ids are counters per company (Id 1 of one realm is not Id 1 of another).
 */
export const integrationImports = pgTable(
  'integration_imports',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    tenantId: text('tenant_id').notNull().default(''),
    /** contacts or invoices. */
    entityType: text('entity_type').$type<'contacts' | 'invoices'>().notNull(),
    externalId: text('external_id').notNull(),
    /** The customer's or letter's id. */
    localId: text('local_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.provider, t.tenantId, t.entityType, t.externalId] }),
    check('integration_imports_entity', sql`${t.entityType} in ('contacts', 'invoices')`),
    index('integration_imports_local_idx').on(t.localId),
  ],
);

/**
 * A letter's copy in a company's cloud drive (issue 15 item 5): one row per letter and drive,
 * made pending when auto-sync queues it, synced with the drive's id of the file (an upload again
 * replaces that file), or failed with the reason (a revoked connection, the drive refusing, the
 * queue's attempts spent). letters.cloud_synced says whether any drive has it.
 */
export const letterCloudSyncs = pgTable(
  'letter_cloud_syncs',
  {
    letterId: text('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** google_drive, dropbox, onedrive. */
    provider: text('provider').$type<'google_drive' | 'dropbox' | 'onedrive'>().notNull(),
    /** pending (queued or being retried), synced, failed. */
    status: text('status').$type<'pending' | 'synced' | 'failed'>().notNull().default('pending'),
    /** The drive's id of the file. */
    remoteId: text('remote_id'),
    /** Where it is in the drive ("LetterPost letters/Lease.pdf"). */
    remotePath: text('remote_path'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** Why the last try failed (our words). */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.letterId, t.provider] }),
    check('letter_cloud_syncs_status', sql`${t.status} in ('pending', 'synced', 'failed')`),
    check('letter_cloud_syncs_provider', sql`${t.provider} in ('google_drive', 'dropbox', 'onedrive')`),
    index('letter_cloud_syncs_account_idx').on(t.accountId, t.status),
  ],
);

/**
 * Rate-limit counters every server process shares (platform/rate-limit-store.ts): one row per key
 * (a route and a client address, or an account's sign-in failures) for its current window.
 * Unlogged: a counter is not worth a write-ahead log, and a crash only forgets the last minutes.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * A company's API key (decision 0028): a program calls the API with `Authorization: Bearer
 * lp_<mode>_<prefix>_<secret>` and acts as its creator with at most the key's permissions. Only the
 * SHA-256 of the secret is kept; the key is found by its prefix.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the secret part, hex. */
    secretHash: text('secret_hash').notNull(),
    /** Catalogue permission names the key acts with (never more than its creator holds). */
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The member the key acts as; a removed member's keys open nothing. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    mode: text('mode').$type<'live' | 'test'>().notNull().default('live'),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
    check('api_keys_mode_check', sql`${t.mode} in ('live', 'test')`),
  ],
);

/**
 * A request made with an `Idempotency-Key` header (issue 26, decision 0030), per company: its
 * fingerprint (method, route, parameters and body), whether its work committed (marked in the same
 * transaction as the work) and, once answered, the answer a retry gets again. Swept after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the method, the route, its parameters and the raw body; null until a streamed body was read. */
    fingerprint: text('fingerprint'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    createdAt: createdAt(),
    /** Set by the first request's transaction as it commits: its work happened. */
    workCommittedAt: timestamp('work_committed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    statusCode: integer('status_code'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: bytea('response_body'),
  },
  (t) => [
    uniqueIndex('idempotency_keys_account_key').on(t.accountId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * A company's webhook endpoint (decision 0029): the URL that is sent the events it subscribed to,
 * signed with its secret (Standard Webhooks). The secret must be read to sign, so it is sealed
 * (platform/secrets.ts, bound to the endpoint's id), never kept in clear.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Names of WEBHOOK_EVENT_TYPES. */
    events: text('events').array().notNull(),
    /** `whsec_<base64>` sealed with the integration key ring, associated data `webhook:<id>`. */
    secretSealed: text('secret_sealed').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Switched off (after 3 days of failures): no new event is sent to it. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** When its deliveries started failing without a success since; null while it answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
  },
  (t) => [
    index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt),
    // The one query every event makes: is any enabled endpoint of the company listening?
    index('webhook_endpoints_enabled_idx').on(t.accountId).where(sql`disabled_at is null`),
  ],
);

/** The outbox: an event, written in the transaction of the change it describes. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `evt_<32 hex>`: the webhook-id header, the same on every attempt. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The event's `data`: the object as a program reads it. */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_account_idx').on(t.accountId, t.createdAt)],
);

/** One event to one endpoint: sent by the webhook job, retried on its schedule until delivered or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Each POST made to an endpoint: when, its answer's status code or the error, how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** 1 for the first attempt of the delivery. */
    attempt: integer('attempt').notNull(),
    /** Sent by a person's Resend rather than the schedule. */
    manual: boolean('manual').notNull().default(false),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);

/** Mail merge templates (decision 0036): a Word letter with its MERGEFIELDs turned into tags, and the fields found. */
export const mergeTemplates = pgTable(
  'merge_templates',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The prepared package (fields as {{key}} tags) in the blob store. */
    blobKey: text('blob_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The fields' keys (first_name), the body's in the order they appear. */
    fields: text('fields').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('merge_templates_account_idx').on(t.accountId, t.createdAt.desc(), t.id)],
);

/** One send of a template to its recipients: a job makes the letters and counts them here. */
export const mergeRuns = pgTable(
  'merge_runs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Kept when the template is deleted later: the run's letters stay what they are. */
    templateId: text('template_id').references(() => mergeTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'queued' | 'running' | 'done'>().notNull().default('queued'),
    /** Deliver each letter once analysed clean, through its customer's preferred channels. */
    deliver: boolean('deliver').notNull().default(true),
    /** Sent through a test API key: its letters are test letters (sandboxes only, never charged; decision 0030). */
    testMode: boolean('test_mode').notNull().default(false),
    total: integer('total').notNull(),
    created: integer('created').notNull().default(0),
    stopped: integer('stopped').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('merge_runs_account_idx').on(t.accountId, t.createdAt.desc()),
    check('merge_runs_status_check', sql`${t.status} in ('queued', 'running', 'done')`),
  ],
);

/** Each recipient of a run: their values, and the letter made or why none was. */
export const mergeRunRecipients = pgTable(
  'merge_run_recipients',
  {
    runId: text('run_id')
      .notNull()
      .references(() => mergeRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    outcome: text('outcome').$type<'waiting' | 'created' | 'stopped'>().notNull().default('waiting'),
    reason: text('reason'),
    letterId: text('letter_id').references(() => letters.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.position] }),
    // The analysis hook finds a letter's recipient (and so whether to deliver it) by the letter.
    index('merge_run_recipients_letter_idx').on(t.letterId).where(sql`${t.letterId} is not null`),
    check('merge_run_recipients_outcome_check', sql`${t.outcome} in ('waiting', 'created', 'stopped')`),
  ],
);
