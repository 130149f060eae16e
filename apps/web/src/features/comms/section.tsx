import { MESSAGES } from '@lp/domain';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors } from '../../components/form-fields';
import { isApiError } from '../../lib/api';

/** The page's words; the headings are the spec's, the results are DELIVERY_MESSAGES of @lp/domain. */
export const COMMS_TEXT = {
  title: 'Test communications',
  intro: 'Try the channels your letters go by. Each test is charged at the list price, like a delivery.',
  noRight: (permission: string) => `Sending tests needs the permission "${permission}". Ask the account owner.`,
  digitalHeading: 'Send yourself an email/SMS',
  digitalIntro: 'Fill in the email, the text message or both.',
  email: 'Email',
  yourEmail: 'Your email address',
  yourEmailHint: 'The test email goes to your own address.',
  sms: 'Text message',
  phoneHint: 'A UK mobile number.',
  smsCount: (length: number, parts: number, max: number) =>
    `${length} / ${max} characters${parts > 1 ? `, ${parts} parts` : ''}`,
  letterHeading: 'Post Letter',
  letterIntro: 'A one-page test letter is printed and posted to this address. It shows in your letters list.',
  recipient: 'Recipient',
  service: 'Service',
  standard: 'Standard (2nd class)',
  premium: 'Premium (1st class)',
  print: 'Print',
  colour: 'Colour',
  blackAndWhite: 'Black and white',
  price: (amount: string) => `Price: ${amount}`,
  nothingYet: 'Nothing to send yet.',
  charged: (amount: string) => `Charged: ${amount}.`,
  send: 'Send',
  post: 'Post Letter',
  goToLetters: 'Go to Letters',
} as const;

/** A card of the page with its h2 heading. */
export function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{intro}</Typography>
      {children}
    </Paper>
  );
}

/**
 * What a failed test tells the user: a 422's field errors go onto the fields (null: nothing more to
 * say); otherwise the server's own message for a refusal (402 insufficient funds, 403 a spending cap
 * or no right, 409, 422 without fields), and the spec's generic error for anything else.
 */
export function failureOf<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  labels: Partial<Record<FieldPath<T>, string>>,
  serverPaths: Record<string, FieldPath<T>> = {},
): string | null {
  if (isApiError(error, 422)) {
    const fields = error.fields.map((f) => ({ ...f, path: serverPaths[f.path] ?? f.path }));
    if (applyServerFieldErrors(fields, setError, labels) > 0) return null;
  }
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}
