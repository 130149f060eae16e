// Apart from validation.ts: the web app greets users on /signIn without loading zod with it.

/** The first name used in welcome messages: the first word of the full name. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
