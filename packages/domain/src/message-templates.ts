import { z } from 'zod';

/**
 * Variables in a delivery's email subject, email message and text message (the spec's send options
 * email_template_vars and sms_template_vars, part 1 section 3): {recipient}, {company} and {letter}
 * are filled when the delivery is asked for, from the letter (its customer or the recipient read
 * from it, the company, the letter's name) or from the values the request gives.
 */

export const TEMPLATE_VARIABLES = ['recipient', 'company', 'letter'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string | null>>;

/** A placeholder: a name in braces ({recipient}); other braces are ordinary text. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]{0,39})\}/g;

const isVariable = (name: string): name is TemplateVariable => (TEMPLATE_VARIABLES as readonly string[]).includes(name);

const KNOWN = '{recipient}, {company} or {letter}';

export const TEMPLATE_MESSAGES = {
  unknown: (names: readonly string[]) =>
    `Unknown ${names.length === 1 ? 'variable' : 'variables'} ${names.map((n) => `{${n}}`).join(', ')}: use ${KNOWN}.`,
  unknownValue: (names: readonly string[]) =>
    `Unknown ${names.length === 1 ? 'variable' : 'variables'} ${names.join(', ')} in the values given: use recipient, company or letter.`,
  missing: (name: TemplateVariable) =>
    name === 'recipient'
      ? 'This letter has no recipient name to put in {recipient}: link it to a customer or give the name in the template variables.'
      : `There is no value for {${name}}: give one in the template variables.`,
} as const;

/** The values a request may give (email_template_vars, sms_template_vars): known names only, short texts. */
export const templateVarsSchema = z
  .record(z.string().max(40), z.string().max(200))
  .refine((v) => Object.keys(v).length <= 10, { error: 'At most 10 variables.' })
  .superRefine((values, ctx) => {
    const unknown = Object.keys(values).filter((k) => !isVariable(k));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.unknownValue(unknown) });
  });
export type TemplateVars = z.output<typeof templateVarsSchema>;

/** The variables a text names that are not ours ({Recipient}, {date}), each once, in order. */
export function unknownTemplateVariables(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((n) => !isVariable(n));
  return [...new Set(names)];
}

/** The known variables a text uses. */
export function usedTemplateVariables(text: string): TemplateVariable[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter(isVariable))];
}

/**
 * The text with its variables filled. `missing` names the variables used without a value (left in
 * place); `unknown` the placeholders that are not variables (left as they are).
 */
export function fillTemplate(
  text: string,
  values: TemplateValues,
): { text: string; missing: TemplateVariable[]; unknown: string[] } {
  const missing = new Set<TemplateVariable>();
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isVariable(name)) return whole;
    const value = values[name];
    if (value === undefined || value === null || value.trim() === '') {
      missing.add(name);
      return whole;
    }
    return value.trim();
  });
  return { text: filled, missing: [...missing], unknown: unknownTemplateVariables(text) };
}

/** A letter's name as a recipient reads it: without its file extension. */
export const letterTitle = (name: string) => name.replace(/\.(pdf|docx?)$/i, '');

/**
 * The values of a delivery: what the request gives wins, else the letter's customer or the
 * recipient read from the letter, the company's name and the letter's name.
 */
export function templateValues(
  defaults: { recipient: string | null; company: string; letter: string },
  given: TemplateVars | undefined,
): TemplateValues {
  return {
    recipient: given?.recipient ?? defaults.recipient,
    company: given?.company ?? defaults.company,
    letter: given?.letter ?? letterTitle(defaults.letter),
  };
}
