import { zodResolver } from '@hookform/resolvers/zod';
import { DELIVERY_MESSAGES, formatPounds, LETTER_STATUS, priceLetterPost } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { MessageBanner } from '../../components/message-banner';
import { notify } from '../../lib/notify';
import { usePostTestLetter } from './api';
import { type LetterTest, type LetterTestInput, letterTestBody, letterTestSchema } from './schemas';
import { COMMS_TEXT, failureOf, Section } from './section';

const LABELS = {
  name: 'Name',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  address_line_3: 'Address line 3',
  address_line_4: 'Address line 4',
  postcode: 'Postcode',
} as const;

/** The server names the recipient's fields under `recipient`. */
const SERVER_PATHS: Record<string, keyof LetterTestInput> = {
  'recipient.name': 'name',
  'recipient.address_lines': 'address_line_1',
  'recipient.address_lines.0': 'address_line_1',
  'recipient.address_lines.1': 'address_line_2',
  'recipient.address_lines.2': 'address_line_3',
  'recipient.address_lines.3': 'address_line_4',
  'recipient.postcode': 'postcode',
};

const EMPTY: LetterTestInput = {
  name: '',
  address_line_1: '',
  address_line_2: '',
  address_line_3: '',
  address_line_4: '',
  postcode: '',
  service: 'standard',
  print: 'black_and_white',
};

/** "Post Letter": a one-page test letter to an address, Standard or Premium, colour or black and white. */
export function LetterTestForm({ canSend }: { canSend: boolean }) {
  const ids = { service: useId(), print: useId() };
  const form = useForm<LetterTestInput, unknown, LetterTest>({
    resolver: zodResolver(letterTestSchema),
    defaultValues: EMPTY,
  });
  const onInvalid = useInvalidSubmitSnackbar<LetterTestInput>(LABELS);
  const post = usePostTestLetter();
  const [posted, setPosted] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [service, print] = useWatch({ control: form.control, name: ['service', 'print'] });
  const price = priceLetterPost({ pages: 1, service, color: print === 'colour' }).total;
  const disabled = !canSend || post.isPending;

  const submit = form.handleSubmit((v) => {
    setPosted(null);
    setFailure(null);
    post.mutate(letterTestBody(v), {
      onSuccess: (answer) => {
        const message =
          answer.status === LETTER_STATUS.inReview ? DELIVERY_MESSAGES.inReview : DELIVERY_MESSAGES.testLetterPosted;
        notify(message, { variant: answer.status === LETTER_STATUS.inReview ? 'info' : 'success' });
        setPosted(message);
        form.reset({ ...EMPTY, service: v.service, print: v.print });
      },
      onError: (error) => {
        const message = failureOf(error, form.setError, LABELS, SERVER_PATHS);
        if (message) {
          setFailure(message);
          notify(message, { variant: 'error' });
        }
      },
    });
  }, onInvalid);

  return (
    <Section title={COMMS_TEXT.letterHeading} intro={COMMS_TEXT.letterIntro}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={COMMS_TEXT.letterHeading}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {COMMS_TEXT.recipient}
          </Typography>
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="name"
            label={LABELS.name}
            autoComplete="off"
            required
          />
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="address_line_1"
            label={LABELS.address_line_1}
            autoComplete="off"
            required
          />
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="address_line_2"
            label={LABELS.address_line_2}
            autoComplete="off"
          />
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="address_line_3"
            label={LABELS.address_line_3}
            autoComplete="off"
          />
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="address_line_4"
            label={LABELS.address_line_4}
            autoComplete="off"
          />
          <FormTextField
            control={form.control}
            disabled={disabled}
            name="postcode"
            label={LABELS.postcode}
            autoComplete="off"
            required
            fullWidth={false}
          />
        </Box>
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Controller
            control={form.control}
            name="service"
            render={({ field }) => (
              <FormControl disabled={disabled}>
                <FormLabel id={ids.service}>{COMMS_TEXT.service}</FormLabel>
                <RadioGroup row aria-labelledby={ids.service} {...field}>
                  <FormControlLabel value="standard" control={<Radio />} label={COMMS_TEXT.standard} />
                  <FormControlLabel value="premium" control={<Radio />} label={COMMS_TEXT.premium} />
                </RadioGroup>
              </FormControl>
            )}
          />
          <Controller
            control={form.control}
            name="print"
            render={({ field }) => (
              <FormControl disabled={disabled}>
                <FormLabel id={ids.print}>{COMMS_TEXT.print}</FormLabel>
                <RadioGroup row aria-labelledby={ids.print} {...field}>
                  <FormControlLabel value="colour" control={<Radio />} label={COMMS_TEXT.colour} />
                  <FormControlLabel value="black_and_white" control={<Radio />} label={COMMS_TEXT.blackAndWhite} />
                </RadioGroup>
              </FormControl>
            )}
          />
        </Stack>
        {failure ? (
          <Box sx={{ mt: 1 }}>
            <MessageBanner kind="error">{failure}</MessageBanner>
          </Box>
        ) : null}
        {posted ? (
          <Box sx={{ mt: 1 }}>
            <MessageBanner
              kind="success"
              data-testid="letter-test-result"
              action={
                <Link component={RouterLink} to="/letters" color="inherit" sx={{ fontWeight: 600 }}>
                  {COMMS_TEXT.goToLetters}
                </Link>
              }
            >
              {posted}
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
          <Typography color="text.secondary" data-testid="letter-test-price">
            {COMMS_TEXT.price(formatPounds(price))}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            loading={post.isPending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {COMMS_TEXT.post}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
