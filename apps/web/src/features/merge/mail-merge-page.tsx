import {
  COMMUNICATION_PREFERENCES,
  type CommunicationPreference,
  displayLetterStatus,
  MERGE_LIMITS,
  type MergeRecipients,
} from '@lp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { Page } from '../../components/page';
import { api, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { PdfPageCanvas, useBlobPdf } from '../storage/pdf-page';
import {
  type MergeRun,
  type MergeTemplate,
  useDeleteTemplate,
  useMergeRun,
  usePreview,
  useSendMerge,
  useTemplates,
  useUploadTemplate,
} from './api';

export const MERGE_TITLE = 'Mail merge';
export const MERGE_STEPS = ['Template', 'Recipients', 'Preview', 'Send'] as const;

type RecipientMode = MergeRecipients['kind'];

const errorText = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');

/** The mail merge: a Word template, its recipients, a preview letter by letter, then the run's progress. */
export function MailMergePage() {
  const abilities = useMe().data?.abilities ?? [];
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const [step, setStep] = useState(0);
  const [template, setTemplate] = useState<MergeTemplate | null>(null);
  const [recipients, setRecipients] = useState<MergeRecipients | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step's heading takes the focus, so a keyboard or screen reader user starts at the step.
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step and the run are what move the focus
  useEffect(() => {
    // Not on arriving at the page: only when the person moves to another step.
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step, runId]);

  if (!abilities.includes('create_letter'))
    return (
      <Page title={MERGE_TITLE}>
        <Alert severity="info">You need permission to upload letters to use mail merge.</Alert>
      </Page>
    );
  if (runId)
    return (
      <Page title={MERGE_TITLE}>
        <RunProgress runId={runId} headingRef={heading} onNew={() => setParams({})} />
      </Page>
    );
  return (
    <Page title={MERGE_TITLE} maxWidth={1100}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Mail merge steps">
        {MERGE_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h2" tabIndex={-1} ref={heading} sx={{ mb: 2, outline: 'none' }}>
          {`Step ${step + 1} of 4: ${MERGE_STEPS[step]}`}
        </Typography>
        {step === 0 ? <TemplateStep selected={template} onSelect={setTemplate} onNext={() => setStep(1)} /> : null}
        {step === 1 && template ? (
          <RecipientsStep
            initial={recipients}
            onBack={() => setStep(0)}
            onNext={(r) => {
              setRecipients(r);
              setStep(2);
            }}
          />
        ) : null}
        {step === 2 && template && recipients ? (
          <PreviewStep
            template={template}
            recipients={recipients}
            onBack={() => setStep(1)}
            onNext={() => setStep(3)}
          />
        ) : null}
        {step === 3 && template && recipients ? (
          <SendStep
            template={template}
            recipients={recipients}
            canSend={abilities.includes('send_letter')}
            onBack={() => setStep(2)}
            onSent={(id) => setParams({ run: id })}
          />
        ) : null}
      </Paper>
    </Page>
  );
}

function StepButtons({
  onBack,
  onNext,
  nextLabel = 'Next',
  nextDisabled,
}: {
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
      {onBack ? (
        <Button variant="outlined" onClick={onBack}>
          Back
        </Button>
      ) : (
        <Button variant="outlined" component={RouterLink} to="/letters">
          Cancel
        </Button>
      )}
      <Button variant="contained" onClick={onNext} disabled={nextDisabled}>
        {nextLabel}
      </Button>
    </Box>
  );
}

function FieldChips({ fields }: { fields: readonly string[] }) {
  return (
    <Box
      component="ul"
      aria-label="Fields"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}
    >
      {fields.map((f) => (
        <li key={f}>
          <Chip size="small" label={f} />
        </li>
      ))}
    </Box>
  );
}

function TemplateStep({
  selected,
  onSelect,
  onNext,
}: {
  selected: MergeTemplate | null;
  onSelect: (t: MergeTemplate | null) => void;
  onNext: () => void;
}) {
  const templates = useTemplates();
  const upload = useUploadTemplate();
  const remove = useDeleteTemplate();
  const input = useRef<HTMLInputElement>(null);
  const list = templates.data?.templates ?? [];
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Upload a Word letter (.docx) with merge fields: Word’s own (Mailings &gt; Insert Merge Field) or typed as{' '}
        <code>{'{{first_name}}'}</code>. Put the name and address fields where the envelope’s window is. Fields every
        customer has: name, first_name, last_name, address, address_line_1 to 4, town, postcode, email, phone; a CSV
        adds its own columns.
      </Typography>
      <input
        ref={input}
        type="file"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        hidden
        aria-label="Word template file"
        data-testid="merge-template-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          upload.mutate(file, {
            onSuccess: (t) => {
              onSelect(t);
              notify(`"${t.name}" uploaded: ${t.fields.length} fields found.`, { variant: 'success' });
            },
          });
        }}
      />
      <Button variant="contained" onClick={() => input.current?.click()} disabled={upload.isPending} sx={{ mb: 2 }}>
        {upload.isPending ? 'Uploading…' : 'Upload a Word template'}
      </Button>
      {upload.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(upload.error)}
        </Alert>
      ) : null}
      {templates.isPending ? <Loading /> : null}
      {list.length ? (
        <RadioGroup
          aria-label="Templates"
          value={selected?.id ?? ''}
          onChange={(e) => onSelect(list.find((t) => t.id === e.target.value) ?? null)}
        >
          {list.map((t) => (
            <Box
              key={t.id}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
            >
              <FormControlLabel
                value={t.id}
                control={<Radio />}
                sx={{ flex: 1, mr: 0, minWidth: 0 }}
                label={
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{t.name}</Typography>
                    <FieldChips fields={t.fields} />
                  </Box>
                }
              />
              <Button
                size="small"
                color="error"
                aria-label={`Delete the template ${t.name}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(t.id, {
                    onSuccess: () => {
                      if (selected?.id === t.id) onSelect(null);
                    },
                  })
                }
              >
                Delete
              </Button>
            </Box>
          ))}
        </RadioGroup>
      ) : templates.isSuccess ? (
        <Typography color="text.secondary">No templates yet.</Typography>
      ) : null}
      <StepButtons onNext={onNext} nextDisabled={!selected} />
    </>
  );
}

function CustomerPicker({
  chosen,
  onChange,
}: {
  chosen: Map<string, string>;
  onChange: (m: Map<string, string>) => void;
}) {
  const [search, setSearch] = useState('');
  const customers = useQuery({
    queryKey: ['customers', 'merge-picker', search],
    queryFn: ({ signal }) =>
      api.get('/api/customers', { query: new URLSearchParams({ page: '0', limit: '50', search }), signal }),
  });
  const rows = customers.data?.rows ?? [];
  return (
    <Box>
      <TextField
        label="Search customers"
        size="small"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 1, width: { xs: '100%', sm: 360 } }}
      />
      <Typography aria-live="polite" sx={{ mb: 1 }}>
        {`${chosen.size} chosen`}
      </Typography>
      {customers.isPending ? <Loading /> : null}
      <FormGroup aria-label="Customers" sx={{ maxHeight: 360, overflow: 'auto', flexWrap: 'nowrap' }}>
        {rows.map((c) => (
          <FormControlLabel
            key={c.customer_uuid}
            control={
              <Checkbox
                checked={chosen.has(c.customer_uuid)}
                onChange={(e) => {
                  const next = new Map(chosen);
                  if (e.target.checked) next.set(c.customer_uuid, c.recipient);
                  else next.delete(c.customer_uuid);
                  onChange(next);
                }}
              />
            }
            label={
              <span>
                {c.recipient}
                <Typography component="span" variant="body2" color="text.secondary">
                  {c.address ? ` · ${c.address}` : ''}
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      {customers.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">No customers found.</Typography>
      ) : null}
    </Box>
  );
}

function RecipientsStep({
  initial,
  onBack,
  onNext,
}: {
  initial: MergeRecipients | null;
  onBack: () => void;
  onNext: (r: MergeRecipients) => void;
}) {
  const [mode, setMode] = useState<RecipientMode>(initial?.kind ?? 'customers');
  // Coming back to this step keeps what was chosen.
  const [chosen, setChosen] = useState(
    new Map<string, string>(initial?.kind === 'customers' ? initial.customer_ids.map((id) => [id, '']) : []),
  );
  const [search, setSearch] = useState(initial?.kind === 'filter' ? (initial.search ?? '') : '');
  const [prefs, setPrefs] = useState<CommunicationPreference[]>(
    initial?.kind === 'filter' ? (initial.communications_preference ?? []) : [],
  );
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(
    initial?.kind === 'csv' ? { name: 'The CSV file chosen before', text: initial.csv } : null,
  );
  const [csvError, setCsvError] = useState<string | null>(null);

  const recipients: MergeRecipients | null =
    mode === 'customers'
      ? chosen.size
        ? { kind: 'customers', customer_ids: [...chosen.keys()] }
        : null
      : mode === 'filter'
        ? { kind: 'filter', search, communications_preference: prefs }
        : csv
          ? { kind: 'csv', csv: csv.text }
          : null;
  return (
    <>
      <RadioGroup
        aria-label="Who the letters go to"
        value={mode}
        onChange={(e) => setMode(e.target.value as RecipientMode)}
        sx={{ mb: 2 }}
      >
        <FormControlLabel value="customers" control={<Radio />} label="Customers I choose" />
        <FormControlLabel value="filter" control={<Radio />} label="Every customer matching a search" />
        <FormControlLabel value="csv" control={<Radio />} label="The rows of a CSV file" />
      </RadioGroup>
      {mode === 'customers' ? <CustomerPicker chosen={chosen} onChange={setChosen} /> : null}
      {mode === 'filter' ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField
            label="Name, email, postcode or phone contains"
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
          <FormGroup row aria-label="Preferred channel">
            {COMMUNICATION_PREFERENCES.map((p) => (
              <FormControlLabel
                key={p}
                label={p}
                control={
                  <Checkbox
                    checked={prefs.includes(p)}
                    onChange={(e) => setPrefs(e.target.checked ? [...prefs, p] : prefs.filter((x) => x !== p))}
                  />
                }
              />
            ))}
          </FormGroup>
          <Typography variant="body2" color="text.secondary">
            {`At most ${MERGE_LIMITS.maxRecipients.toLocaleString('en-GB')} customers in one mail merge.`}
          </Typography>
        </Box>
      ) : null}
      {mode === 'csv' ? (
        <Box>
          <Typography sx={{ mb: 1 }}>
            The first row names the columns (Name or First name and Last name, Address line 1, Town, Postcode...),
            matched as the customer import matches them; every other column is a field by its own name (“Policy no.” is
            policy_no).
          </Typography>
          <Button variant="outlined" component="label">
            Choose a CSV file
            <input
              type="file"
              accept=".csv,text/csv"
              hidden
              data-testid="merge-csv-input"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                if (file.size > 5 * 1024 * 1024) {
                  setCsvError('A CSV for a mail merge can be at most 5 MB.');
                  return;
                }
                setCsvError(null);
                setCsv({ name: file.name, text: await file.text() });
              }}
            />
          </Button>
          {csv ? <Typography sx={{ mt: 1 }}>{csv.name}</Typography> : null}
          {csvError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {csvError}
            </Alert>
          ) : null}
        </Box>
      ) : null}
      <StepButtons onBack={onBack} onNext={() => recipients && onNext(recipients)} nextDisabled={!recipients} />
    </>
  );
}

function PreviewPdf({ base64, label }: { base64: string; label: string }) {
  const blob = useMemo(
    () => new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'application/pdf' }),
    [base64],
  );
  const pdf = useBlobPdf(blob, 'Mail merge preview');
  const frame = useRef<HTMLDivElement>(null);
  if (pdf.state === 'loading') return <Loading />;
  if (pdf.state === 'error') return <Alert severity="warning">The letter could not be shown.</Alert>;
  return (
    <Box ref={frame} sx={{ border: 1, borderColor: 'divider', width: '100%', maxWidth: 595 }}>
      <PdfPageCanvas doc={pdf.doc} page={1} label={label} maxWidth={595} what="Mail merge preview" />
    </Box>
  );
}

function PreviewStep({
  template,
  recipients,
  onBack,
  onNext,
}: {
  template: MergeTemplate;
  recipients: MergeRecipients;
  onBack: () => void;
  onNext: () => void;
}) {
  const [index, setIndex] = useState(0);
  const preview = usePreview(template.id, recipients, index);
  const p = preview.data;
  const total = p?.total ?? 0;
  return (
    <>
      {preview.error ? <Alert severity="error">{errorText(preview.error)}</Alert> : null}
      {!p && preview.isFetching ? <Loading /> : null}
      {p ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <Button variant="outlined" disabled={index === 0 || preview.isFetching} onClick={() => setIndex(index - 1)}>
              Previous letter
            </Button>
            <Typography aria-live="polite" sx={{ flex: 1, textAlign: 'center' }}>
              {`Letter ${index + 1} of ${total}: ${p.recipient_name}`}
            </Typography>
            <Button
              variant="outlined"
              disabled={index + 1 >= total || preview.isFetching}
              onClick={() => setIndex(index + 1)}
            >
              Next letter
            </Button>
          </Box>
          {preview.isFetching ? <LinearProgress aria-label="Filling the letter" sx={{ mb: 1 }} /> : null}
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' } }}
          >
            <Table size="small" aria-label="Fields filled">
              <TableHead>
                <TableRow>
                  <TableCell>Field</TableCell>
                  <TableCell>Value</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(p.values).map(([field, value]) => (
                  <TableRow key={field}>
                    <TableCell>{field}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {value || <em>(none)</em>}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Box>
              {p.reason ? <Alert severity="warning">{p.reason}</Alert> : null}
              {p.pdf_base64 ? <PreviewPdf base64={p.pdf_base64} label={`The letter to ${p.recipient_name}`} /> : null}
            </Box>
          </Box>
        </>
      ) : null}
      <StepButtons onBack={onBack} onNext={onNext} nextDisabled={!p} />
    </>
  );
}

function SendStep({
  template,
  recipients,
  canSend,
  onBack,
  onSent,
}: {
  template: MergeTemplate;
  recipients: MergeRecipients;
  canSend: boolean;
  onBack: () => void;
  onSent: (runId: string) => void;
}) {
  const [deliver, setDeliver] = useState(canSend);
  const send = useSendMerge();
  const who =
    recipients.kind === 'customers'
      ? `${recipients.customer_ids.length} chosen customers`
      : recipients.kind === 'filter'
        ? 'every customer matching the search'
        : 'the rows of the CSV file';
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {`One letter from "${template.name}" for ${who}. Each is checked like an upload; a recipient missing a field gets no letter, and the reason is listed.`}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={deliver} disabled={!canSend} onChange={(e) => setDeliver(e.target.checked)} />}
        label="Deliver each letter once it is checked, by the customer’s preferred channels (post by default)"
      />
      {!canSend ? (
        <Typography variant="body2" color="text.secondary">
          You may not send letters: the letters are made and wait in Letters for someone who may.
        </Typography>
      ) : null}
      {send.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(send.error)}
        </Alert>
      ) : null}
      <StepButtons
        onBack={onBack}
        nextLabel={send.isPending ? 'Sending…' : 'Send'}
        nextDisabled={send.isPending}
        onNext={() => send.mutate({ templateId: template.id, recipients, deliver }, { onSuccess: (r) => onSent(r.id) })}
      />
    </>
  );
}

const OUTCOME_LABEL: Record<MergeRun['recipients'][number]['outcome'], string> = {
  waiting: 'Waiting',
  created: 'Letter made',
  stopped: 'Not merged',
};

function RunProgress({
  runId,
  headingRef,
  onNew,
}: {
  runId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onNew: () => void;
}) {
  const run = useMergeRun(runId);
  const r = run.data;
  if (run.error)
    return (
      <Alert severity="error" action={<Button onClick={onNew}>New mail merge</Button>}>
        {errorText(run.error)}
      </Alert>
    );
  if (!r) return <Loading />;
  // Two kinds of work: each recipient merged (or stopped), then each letter made checked.
  const done = r.created + r.stopped + r.analysed;
  const percent = Math.round((100 * done) / Math.max(1, r.total + r.created));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" tabIndex={-1} ref={headingRef} sx={{ mb: 1, outline: 'none' }}>
        {r.template_name}
      </Typography>
      <Typography aria-live="polite" sx={{ mb: 1 }}>
        {`${r.created} of ${r.total} letters made, ${r.analysed} checked, ${r.stopped} not merged${r.status === 'done' ? '' : '…'}`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, percent)}
        aria-label="Mail merge progress"
        sx={{ mb: 2 }}
      />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Recipients">
          <TableHead>
            <TableRow>
              <TableCell>Recipient</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Letter</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.recipients.map((x) => (
              <TableRow key={x.position}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{x.name}</TableCell>
                <TableCell>{OUTCOME_LABEL[x.outcome]}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {x.reason ??
                    (x.letter_id ? (
                      <RouterLink to={`/letters?letter=${x.letter_id}`}>
                        {x.letter_status ? displayLetterStatus(x.letter_status) : ''}
                      </RouterLink>
                    ) : (
                      ''
                    ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/letters">
          Go to Letters
        </Button>
        <Button variant="outlined" onClick={onNew}>
          New mail merge
        </Button>
      </Box>
    </Paper>
  );
}
