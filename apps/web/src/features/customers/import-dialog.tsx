import {
  BREAKPOINTS,
  csvLine,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportField,
  isImportField,
} from '@lp/domain';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { MessageBanner } from '../../components/message-banner';
import { customerKeys } from './api';
import { type ImportPreview, type ImportReport, previewImport, runImport } from './import-api';

export const IMPORT_TITLE = 'Import customers';
export const IMPORT_BUTTON = 'Import';
export const IMPORT_DROP_TEXT = 'Drag and drop a CSV or Excel (.xlsx) file here';
export const IMPORT_CHOOSE = 'Choose a file';
/** Refused rows listed in the dialog; all of them are in the download. */
export const REFUSED_SHOWN = 1000;

const ACCEPT =
  '.csv,.xlsx,.txt,.tsv,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file chosen, checked before it is sent (the server decides by content). */
export function checkImportFile(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return IMPORT_MESSAGES.oldExcel;
  if (!/\.(csv|xlsx|txt|tsv)$/.test(name)) return IMPORT_MESSAGES.onlyCsvOrXlsx;
  if (file.size === 0) return IMPORT_MESSAGES.empty;
  if (file.size > IMPORT_LIMITS.maxFileBytes) return IMPORT_MESSAGES.tooLarge;
  return null;
}

/** "CSV separated by semicolons, Windows-1252" or "Excel workbook, sheet “Customers”". */
export function describeFormat(format: ImportPreview['format']): string {
  if (format.kind === 'xlsx') return `Excel workbook, sheet “${format.sheet ?? 'Sheet1'}”`;
  const by = format.delimiter === ';' ? 'semicolons' : format.delimiter === '\t' ? 'tabs' : 'commas';
  const encoding =
    format.encoding === 'windows-1252' ? 'Windows-1252' : format.encoding?.startsWith('utf-16') ? 'UTF-16' : 'UTF-8';
  return `CSV separated by ${by}, ${encoding}`;
}

/** Fields chosen for more than one column, with their columns ("Phone: Mobile, Telephone"). */
export function repeatedFields(mapping: Record<string, ImportField | null>): string[] {
  const by = new Map<ImportField, string[]>();
  for (const [header, field] of Object.entries(mapping)) if (field) by.set(field, [...(by.get(field) ?? []), header]);
  return [...by]
    .filter(([, headers]) => headers.length > 1)
    .map(([f, h]) => `${IMPORT_FIELD_LABELS[f]}: ${h.join(', ')}`);
}

const hasName = (mapping: Record<string, ImportField | null>) =>
  Object.values(mapping).some((f) => f === 'name' || f === 'first_name' || f === 'last_name');

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; file: File; progress: number }
  | { kind: 'map'; file: File; preview: ImportPreview; mapping: Record<string, ImportField | null> }
  | {
      kind: 'importing';
      file: File;
      preview: ImportPreview;
      mapping: Record<string, ImportField | null>;
      progress: number;
    }
  | { kind: 'done'; file: File; report: ImportReport };

export interface CustomerImportDialogProps {
  onClose: () => void;
}

/**
 * Import customers (issue 12 item 2): choose or drop one CSV or .xlsx file, which is read by the
 * server (upload progress shown); the preview maps each column to a field (or ignores it); Import
 * sends it again with the mapping and shows the report: imported, updated, refused rows with their
 * row numbers and reasons. Rendered while open (its state starts afresh each time).
 */
export function CustomerImportDialog({ onClose }: CustomerImportDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.tabs - 0.05}px)`);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const reading = useRef<AbortController | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new step says where the user is: its heading takes the focus.
  useEffect(() => {
    if (step.kind === 'map' || step.kind === 'done') heading.current?.focus();
  }, [step.kind]);
  useEffect(() => () => reading.current?.abort(), []);

  const busy = step.kind === 'importing';
  const close = () => {
    if (busy) return; // the import is one transaction on the server: its report is waited for
    reading.current?.abort();
    onClose();
  };

  const choose = async (file: File) => {
    const refused = checkImportFile(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    const controller = new AbortController();
    reading.current = controller;
    setStep({ kind: 'reading', file, progress: 0 });
    try {
      const preview = await previewImport(file, {
        signal: controller.signal,
        onProgress: (progress) => setStep((s) => (s.kind === 'reading' ? { ...s, progress } : s)),
      });
      if (controller.signal.aborted) return;
      setStep({ kind: 'map', file, preview, mapping: { ...preview.mapping } });
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(error instanceof Error ? error.message : String(error));
      setStep({ kind: 'choose' });
    } finally {
      if (reading.current === controller) reading.current = null;
    }
  };

  const cancelReading = () => {
    reading.current?.abort();
    setStep({ kind: 'choose' });
  };

  const start = async () => {
    if (step.kind !== 'map') return;
    const { file, preview, mapping } = step;
    setProblem(null);
    setStep({ kind: 'importing', file, preview, mapping, progress: 0 });
    try {
      const report = await runImport(file, mapping, {
        onProgress: (progress) => setStep((s) => (s.kind === 'importing' ? { ...s, progress } : s)),
      });
      setStep({ kind: 'done', file, report });
      if (report.imported + report.updated > 0) void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setStep({ kind: 'map', file, preview, mapping });
    }
  };

  const again = () => {
    setProblem(null);
    setStep({ kind: 'choose' });
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{IMPORT_TITLE}</DialogTitle>
      <DialogContent dividers>
        {problem ? (
          <Box sx={{ mb: 2 }}>
            <MessageBanner kind="error">{problem}</MessageBanner>
          </Box>
        ) : null}
        {step.kind === 'choose' ? <ChooseStep onFile={(f) => void choose(f)} /> : null}
        {step.kind === 'reading' ? (
          <Progress label={`Reading ${step.file.name}`} progress={step.progress} waiting="Reading the columns…" />
        ) : null}
        {step.kind === 'map' || step.kind === 'importing' ? (
          <MapStep
            headingRef={heading}
            file={step.file}
            preview={step.preview}
            mapping={step.mapping}
            disabled={step.kind === 'importing'}
            onMapping={(mapping) => setStep((s) => (s.kind === 'map' ? { ...s, mapping } : s))}
          />
        ) : null}
        {step.kind === 'importing' ? (
          <Box sx={{ mt: 2 }}>
            <Progress
              label={`Importing ${step.file.name}`}
              progress={step.progress}
              waiting={`Checking and saving ${plural(step.preview.rows_total, 'customer')}…`}
            />
          </Box>
        ) : null}
        {step.kind === 'done' ? <ReportStep headingRef={heading} file={step.file} report={step.report} /> : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step.kind === 'reading' ? <Button onClick={cancelReading}>Cancel</Button> : null}
        {step.kind === 'choose' ? <Button onClick={close}>Cancel</Button> : null}
        {step.kind === 'map' || step.kind === 'importing' ? (
          <>
            <Button onClick={again} disabled={busy}>
              Choose another file
            </Button>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void start()} disabled={busy || !hasName(step.mapping)}>
              {`Import ${plural(step.preview.rows_total, 'customer')}`}
            </Button>
          </>
        ) : null}
        {step.kind === 'done' ? (
          <>
            <Button onClick={again}>Import another file</Button>
            <Button variant="contained" onClick={close}>
              Close
            </Button>
          </>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

function ChooseStep({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const textId = useId();
  const dragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <>
      <Box
        role="group"
        aria-labelledby={textId}
        data-testid="import-dropzone"
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
          p: { xs: 2, sm: 4 },
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.paper',
          textAlign: 'center',
        }}
      >
        <UploadFile color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography id={textId}>{IMPORT_DROP_TEXT}</Typography>
        <Typography color="text.secondary" aria-hidden="true">
          or
        </Typography>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {IMPORT_CHOOSE}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="import-file-input"
          aria-label={IMPORT_CHOOSE}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        One customer a row, the first row naming the columns: name, address lines, town, postcode, email, phone and
        communication preferences (such as “Mail; SMS”). Up to {IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB and{' '}
        {IMPORT_LIMITS.maxRows.toLocaleString('en-GB')} customers. A customer already here with the same email, or the
        same name and postcode, is updated; a blank cell keeps what is stored.
      </Typography>
    </>
  );
}

function Progress({ label, progress, waiting }: { label: string; progress: number; waiting: string }) {
  const sending = progress < 1;
  const percent = Math.round(progress * 100);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
        {sending ? `Sending the file… ${percent}%` : waiting}
      </Typography>
      {sending ? (
        <LinearProgress variant="determinate" value={percent} aria-label={label} />
      ) : (
        <LinearProgress aria-label={label} />
      )}
    </Box>
  );
}

function MapStep({
  headingRef,
  file,
  preview,
  mapping,
  disabled,
  onMapping,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  file: File;
  preview: ImportPreview;
  mapping: Record<string, ImportField | null>;
  disabled: boolean;
  onMapping: (mapping: Record<string, ImportField | null>) => void;
}) {
  const cards = useMediaQuery(`(max-width:${BREAKPOINTS.cards - 0.05}px)`);
  const examples = (i: number) =>
    preview.sample
      .map((r) => r.values[i] ?? '')
      .filter(Boolean)
      .slice(0, 3)
      .map((v) => (v.length > 40 ? `${v.slice(0, 39)}…` : v));
  const select = (header: string) => (
    <NativeSelect
      value={mapping[header] ?? ''}
      disabled={disabled}
      onChange={(e) => onMapping({ ...mapping, [header]: isImportField(e.target.value) ? e.target.value : null })}
      inputProps={{ 'aria-label': `Import “${header}” as` }}
      size="small"
      sx={{ width: cards ? 260 : '100%', maxWidth: '100%' }}
    >
      <option value="">Do not import</option>
      {IMPORT_FIELDS.map((f) => (
        <option key={f} value={f}>
          {IMPORT_FIELD_LABELS[f]}
        </option>
      ))}
    </NativeSelect>
  );
  const repeated = repeatedFields(mapping);
  return (
    <Box>
      <Typography variant="h6" component="h3" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
        Match the columns
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {file.name}: {plural(preview.rows_total, 'customer')} ({describeFormat(preview.format)}). Choose what each
        column holds, or “Do not import”.
      </Typography>
      {!hasName(mapping) ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="warning">{IMPORT_MESSAGES.noName}</MessageBanner>
        </Box>
      ) : null}
      {repeated.length > 0 ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="info">
            Chosen for more than one column ({repeated.join('; ')}): each row’s first value is used.
          </MessageBanner>
        </Box>
      ) : null}
      {cards ? (
        <Box
          component="ul"
          aria-label="Columns of the file"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {preview.headers.map((h, i) => (
            <Box
              component="li"
              key={h}
              data-testid="import-column"
              sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{h}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                {examples(i).join(' · ') || 'No values in the first rows'}
              </Typography>
              {select(h)}
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label="Columns of the file">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Column in the file</TableCell>
              <TableCell scope="col">First values</TableCell>
              <TableCell scope="col" sx={{ width: 250 }}>
                Import as
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.headers.map((h, i) => (
              <TableRow key={h}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {h}
                </TableCell>
                <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {examples(i).join(' · ') || '—'}
                </TableCell>
                <TableCell>{select(h)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

function downloadRefused(file: File, refused: ImportReport['refused']) {
  const text = `\uFEFF${[csvLine(['Row', 'Reason']), ...refused.map((r) => csvLine([String(r.row), r.reason]))].join('\r\n')}\r\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${file.name.replace(/\.[^.]+$/, '')} - refused rows.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ReportStep({
  headingRef,
  file,
  report,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  file: File;
  report: ImportReport;
}) {
  const figures: [string, number][] = [
    ['Imported', report.imported],
    ['Updated', report.updated],
    ...(report.unchanged > 0 ? ([['Unchanged', report.unchanged]] as [string, number][]) : []),
    ['Refused', report.refused.length],
  ];
  const shown = report.refused.slice(0, REFUSED_SHOWN);
  return (
    <Box>
      <Typography variant="h6" component="h3" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
        Import finished
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {file.name}: {plural(report.total, 'row')} with customers.
      </Typography>
      <Box
        component="dl"
        data-testid="import-figures"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, mb: 2 }}
      >
        {figures.map(([label, n]) => (
          <Box
            key={label}
            sx={{ px: 2, py: 1, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 110, flex: '1 1 110px' }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {n.toLocaleString('en-GB')}
            </Typography>
          </Box>
        ))}
      </Box>
      {report.refused.length === 0 ? (
        <MessageBanner kind="success">Every row was imported.</MessageBanner>
      ) : (
        <>
          <MessageBanner
            kind="warning"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<Download />}
                onClick={() => downloadRefused(file, report.refused)}
              >
                Download
              </Button>
            }
          >
            {plural(report.refused.length, 'row was', 'rows were')} refused; the others were imported. Correct them and
            import the file again: customers already imported are matched, not added twice.
          </MessageBanner>
          <Box
            role="region"
            aria-label="Refused rows"
            // A scrollable region is reachable by keyboard.
            tabIndex={0}
            sx={{ mt: 2, maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" stickyHeader aria-label="Refused rows and why">
              <TableHead>
                <TableRow>
                  <TableCell scope="col" sx={{ width: 72 }}>
                    Row
                  </TableCell>
                  <TableCell scope="col">Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((r) => (
                  <TableRow key={r.row}>
                    <TableCell>{r.row}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {report.refused.length > shown.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The first {shown.length.toLocaleString('en-GB')} are shown; Download has all{' '}
              {report.refused.length.toLocaleString('en-GB')}.
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}
