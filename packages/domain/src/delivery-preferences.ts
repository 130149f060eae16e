import { z } from 'zod';
import type { MailService } from './prices.js';

/**
 * The company's letter delivery preferences (part 2 sections 3 and 4; part 1 sections 3 and 9):
 * auto-delivery, how mail is printed and posted, how email carries the letter, and which channels
 * are left out. Postage defaults to premium (1st class) and colour; standard is 2nd class.
 */

export const MAIL_PRINTS = ['colour', 'black_and_white'] as const;
export type MailPrint = (typeof MAIL_PRINTS)[number];
export const MAIL_SERVICES = ['premium', 'standard'] as const satisfies readonly MailService[];
export const EMAIL_KINDS = ['attachment', 'link'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const DELIVERY_PREFERENCES_MESSAGES = {
  saved: 'Your delivery preferences were saved.',
  print: 'Choose colour or black and white.',
  service: 'Choose premium (1st class) or standard (2nd class).',
  kind: 'Choose attachment or link.',
  flag: 'Expected on or off (true or false).',
} as const;

const flag = () => z.boolean({ error: DELIVERY_PREFERENCES_MESSAGES.flag }).default(false);

const mailSchema = z.strictObject({
  print: z.enum(MAIL_PRINTS, { error: DELIVERY_PREFERENCES_MESSAGES.print }).default('colour'),
  service: z.enum(MAIL_SERVICES, { error: DELIVERY_PREFERENCES_MESSAGES.service }).default('premium'),
  omit: flag(),
});

const emailSchema = z.strictObject({
  kind: z.enum(EMAIL_KINDS, { error: DELIVERY_PREFERENCES_MESSAGES.kind }).default('attachment'),
  omit: flag(),
});

/** Delivery preferences as sent and stored; a field left out takes its default, an unknown key is refused. */
export const deliveryPreferencesSchema = z.strictObject({
  autoSend: flag(),
  mail: mailSchema.default({ print: 'colour', service: 'premium', omit: false }),
  email: emailSchema.default({ kind: 'attachment', omit: false }),
});

export type DeliveryPreferences = z.output<typeof deliveryPreferencesSchema>;
export type DeliveryPreferencesInput = z.input<typeof deliveryPreferencesSchema>;

/** What a company has until it saves its own: no auto-delivery, colour, premium, both channels on, attachment. */
// A plain literal (a call at module level would keep this module in every bundle); readers copy it.
export const DEFAULT_DELIVERY_PREFERENCES: Readonly<DeliveryPreferences> = {
  autoSend: false,
  mail: { print: 'colour', service: 'premium', omit: false },
  email: { kind: 'attachment', omit: false },
};

/** The spec's rule: when both omit flags arrive on, omit-mail is forced off (a letter keeps one channel). */
export function applyOmitRule(p: DeliveryPreferences): DeliveryPreferences {
  const bothOmitted = p.mail.omit && p.email.omit;
  return {
    autoSend: p.autoSend,
    mail: { ...p.mail, omit: bothOmitted ? false : p.mail.omit },
    email: { ...p.email },
  };
}

/** Whether the omit-mail switch can be changed: not while omit-email is on. */
export function omitMailLocked(p: Pick<DeliveryPreferences, 'email'>): boolean {
  return p.email.omit;
}

/**
 * Reads stored preferences (a jsonb value, possibly absent or from an older shape): the defaults for
 * anything missing or invalid, with the omit rule applied.
 */
export function readDeliveryPreferences(stored: unknown): DeliveryPreferences {
  const parsed = deliveryPreferencesSchema.safeParse(stored ?? {});
  return applyOmitRule(parsed.success ? parsed.data : DEFAULT_DELIVERY_PREFERENCES);
}

/** The second representation (part 1 section 3, part 2 section 3). */
export interface LetterPreferences {
  letters: { delivery: { mail: { omit: boolean }; email: { omit: boolean } } };
  letter_postage_preferences: { premium: boolean; color: boolean };
}

/** Derives the second representation from the first. */
export function letterPreferencesOf(p: DeliveryPreferences): LetterPreferences {
  return {
    letters: { delivery: { mail: { omit: p.mail.omit }, email: { omit: p.email.omit } } },
    letter_postage_preferences: { premium: p.mail.service === 'premium', color: p.mail.print === 'colour' },
  };
}
