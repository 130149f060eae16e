import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELIVERY_MESSAGES,
  EMAIL_MESSAGE_MAX,
  formatPounds,
  priceEmail,
  priceSms,
  SMS_TEXT_MAX,
  smsParts,
} from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { MessageBanner } from '../../components/message-banner';
import { AppTextField } from '../../components/text-field';
import { notify } from '../../lib/notify';
import { type DigitalChannelsAnswer, useSendYourself } from './api';
import { FormTextArea } from './form-text-area';
import {
  type DigitalTest,
  type DigitalTestInput,
  digitalTestBody,
  digitalTestSchema,
  wantsEmail,
  wantsSms,
} from './schemas';
import { COMMS_TEXT, failureOf, Section } from './section';

const LABELS = {
  subject: 'Subject',
  message_to_recipient: 'Message',
  recipient_phone_number: 'Mobile number',
  sms_text: 'Text message',
} as const;

const EMPTY: DigitalTestInput = { subject: '', message_to_recipient: '', recipient_phone_number: '', sms_text: '' };

/** "Send yourself an email/SMS": a test email to the signed-in user's own address and/or a text message. */
export function DigitalTestForm({ email, canSend }: { email: string; canSend: boolean }) {
  const form = useForm<DigitalTestInput, unknown, DigitalTest>({
    resolver: zodResolver(digitalTestSchema),
    defaultValues: EMPTY,
  });
  const onInvalid = useInvalidSubmitSnackbar<DigitalTestInput>(LABELS);
  const send = useSendYourself();
  const [sent, setSent] = useState<DigitalChannelsAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const values = useWatch({ control: form.control });
  const disabled = !canSend || send.isPending;
  const hasEmail = wantsEmail(values);
  const hasSms = wantsSms(values);
  const smsText = values.sms_text?.trim() ?? '';
  const estimate = (hasEmail ? priceEmail() : 0) + (hasSms && smsText ? priceSms(smsText) : 0);

  const submit = form.handleSubmit((v) => {
    setSent(null);
    setFailure(null);
    if (!wantsEmail(v) && !wantsSms(v)) {
      form.setError('root', { type: 'nothing', message: DELIVERY_MESSAGES.nothingToSend });
      notify(DELIVERY_MESSAGES.nothingToSend, { variant: 'error' });
      return;
    }
    send.mutate(digitalTestBody(v), {
      onSuccess: (answer) => {
        if (answer.email) notify(DELIVERY_MESSAGES.testEmailSent, { variant: 'success' });
        if (answer.sms) notify(DELIVERY_MESSAGES.testSmsSent, { variant: 'success' });
        setSent(answer);
        form.reset(EMPTY);
      },
      onError: (error) => {
        const message = failureOf(error, form.setError, LABELS);
        if (message) {
          setFailure(message);
          notify(message, { variant: 'error' });
        }
      },
    });
  }, onInvalid);

  const rootError = form.formState.errors.root?.message;
  return (
    <Section title={COMMS_TEXT.digitalHeading} intro={COMMS_TEXT.digitalIntro}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={COMMS_TEXT.digitalHeading}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {COMMS_TEXT.email}
          </Typography>
          <AppTextField label={COMMS_TEXT.yourEmail} value={email} readOnly helperText={COMMS_TEXT.yourEmailHint} />
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="subject"
            label={LABELS.subject}
            autoComplete="off"
          />
          <FormTextArea
            control={form.control}
            disabled={disabled}
            name="message_to_recipient"
            label={LABELS.message_to_recipient}
            helperText={`${values.message_to_recipient?.length ?? 0} / ${EMAIL_MESSAGE_MAX}`}
          />
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {COMMS_TEXT.sms}
          </Typography>
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="recipient_phone_number"
            label={LABELS.recipient_phone_number}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="07700 900123"
            helperText={COMMS_TEXT.phoneHint}
          />
          <FormTextArea
            control={form.control}
            disabled={disabled}
            name="sms_text"
            label={LABELS.sms_text}
            minRows={2}
            helperText={COMMS_TEXT.smsCount(smsText.length, smsParts(smsText).parts, SMS_TEXT_MAX)}
          />
        </Box>
        {rootError ? (
          <Box sx={{ mt: 1 }}>
            <MessageBanner kind="error">{rootError}</MessageBanner>
          </Box>
        ) : null}
        {failure ? (
          <Box sx={{ mt: 1 }}>
            <MessageBanner kind="error">{failure}</MessageBanner>
          </Box>
        ) : null}
        {sent ? (
          <Box sx={{ mt: 1 }}>
            <MessageBanner kind="success" data-testid="digital-test-result">
              {[
                sent.email ? DELIVERY_MESSAGES.testEmailSent : null,
                sent.sms ? DELIVERY_MESSAGES.testSmsSent : null,
                COMMS_TEXT.charged(formatPounds(sent.charged_pence)),
              ]
                .filter(Boolean)
                .join(' ')}
            </MessageBanner>
          </Box>
        ) : null}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 2,
            mt: 2,
          }}
        >
          <Typography color="text.secondary" data-testid="digital-test-price">
            {estimate > 0 ? COMMS_TEXT.price(formatPounds(estimate)) : COMMS_TEXT.nothingYet}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            loading={send.isPending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {COMMS_TEXT.send}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
