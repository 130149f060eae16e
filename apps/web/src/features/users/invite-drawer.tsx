import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, inviteUserSchema } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors, FormTextField, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { MessageBanner } from '../../components/message-banner';
import { SidePanel } from '../../components/side-panel';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { adminFailureMessage, type Department, isInReview, useInviteUser } from './api';
import {
  emptyRoleEditor,
  grantsAnything,
  kindLabel,
  labelsByKind,
  type RoleEditorState,
  roleEditorBody,
} from './role-editor';
import { RoleEditorFields } from './role-editor-fields';

export const INVITE_TITLE = 'Invite a user';
export const INVITE_STEPS = ['Permissions', 'Email', 'Confirmation'] as const;
export const NOTHING_GRANTED = 'Tick at least one role (or check one of its permissions) to continue.';

const contactSchema = inviteUserSchema.pick({ user_name: true, email_address: true });
type ContactInput = z.input<typeof contactSchema>;
type Contact = z.output<typeof contactSchema>;
const LABELS = { user_name: 'Full name', email_address: 'Email' } as const;

export interface InviteDrawerProps {
  open: boolean;
  onClose: () => void;
  departments: readonly Department[];
  canEditRoles: boolean;
}

/** The 3-step invite panel (part 1 section 4): Permissions, Email, Confirmation; then POST /api/users. */
export function InviteDrawer({ open, onClose, departments, canEditRoles }: InviteDrawerProps) {
  const [step, setStep] = useState(0);
  const [roles, setRoles] = useState<RoleEditorState>(emptyRoleEditor);
  const [contact, setContact] = useState<Contact | null>(null);
  const form = useForm<ContactInput, unknown, Contact>({
    resolver: zodResolver(contactSchema),
    defaultValues: { user_name: '', email_address: '' },
  });
  const onInvalid = useInvalidSubmitSnackbar<ContactInput>(LABELS);
  const invite = useInviteUser();

  const toConfirmation = form.handleSubmit((values) => {
    setContact(values);
    setStep(2);
  }, onInvalid);

  const confirm = () => {
    if (!contact) return;
    const name = contact.user_name;
    invite.mutateAsync({ user_name: name, email_address: contact.email_address, ...roleEditorBody(roles) }).then(
      (answer) => {
        if (isInReview(answer)) {
          notify(answer.message || 'In Review', { variant: 'info' });
        } else {
          notify(ADMIN_MESSAGES.invited(name), { variant: 'success' });
        }
        onClose();
      },
      (error) => {
        if (isApiError(error, 422) && applyServerFieldErrors(error.fields, form.setError, LABELS) > 0) {
          setStep(1);
          return;
        }
        notify(adminFailureMessage(error, ADMIN_MESSAGES.inviteFailed(name)), { variant: 'error' });
      },
    );
  };

  const granted = grantsAnything(roles);
  const canConfirm = granted && !!contact?.email_address && !invite.isPending;

  const actions = (
    <>
      {step > 0 ? (
        <Button onClick={() => setStep(step - 1)} disabled={invite.isPending}>
          Back
        </Button>
      ) : (
        <Button onClick={onClose}>Cancel</Button>
      )}
      {step === 0 ? (
        <Button variant="contained" onClick={() => setStep(1)}>
          Next
        </Button>
      ) : step === 1 ? (
        <Button variant="contained" onClick={() => void toConfirmation()}>
          Next
        </Button>
      ) : (
        <Button variant="contained" onClick={confirm} disabled={!canConfirm}>
          Confirm
        </Button>
      )}
    </>
  );

  return (
    <SidePanel open={open} onClose={onClose} title={INVITE_TITLE} actions={actions}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {INVITE_STEPS.map((label, i) => (
          <Step key={label} completed={i < step} aria-current={i === step ? 'step' : undefined}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 ? (
        <RoleEditorFields state={roles} onChange={setRoles} departments={departments} canEdit={canEditRoles} />
      ) : null}
      <Box
        component="form"
        noValidate
        hidden={step !== 1}
        onSubmit={(e) => {
          e.preventDefault();
          void toConfirmation();
        }}
      >
        <Typography sx={{ mb: 1 }}>Who would you like to invite?</Typography>
        <FormTextField control={form.control} name="user_name" label={LABELS.user_name} autoComplete="off" required />
        <FormTextField
          control={form.control}
          name="email_address"
          label={LABELS.email_address}
          type="email"
          inputMode="email"
          autoComplete="off"
          required
        />
        {/* Enter in a field moves on, like the Next button. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </Box>
      {step === 2 && contact ? <Summary contact={contact} roles={roles} granted={granted} /> : null}
    </SidePanel>
  );
}

function Summary({ contact, roles, granted }: { contact: Contact; roles: RoleEditorState; granted: boolean }) {
  const body = roleEditorBody(roles);
  const rows: [string, string][] = [
    ['Full name', contact.user_name],
    ['Email', contact.email_address],
    ['Department', body.department ?? 'None'],
    ['Roles', body.roles.join(', ') || 'None'],
  ];
  if (body.supervised_departments.length > 0) rows.push(['Supervises', body.supervised_departments.join(', ')]);
  return (
    <Box>
      {granted ? null : (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="warning">{NOTHING_GRANTED}</MessageBanner>
        </Box>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <PermissionSummary title="Permissions" byKind={body.permissions} />
      <PermissionSummary title="Requiring supervisor approval" byKind={body.approvals} />
    </Box>
  );
}

/** Permission labels grouped by kind under a heading; nothing when empty. */
export function PermissionSummary({
  title,
  byKind,
}: {
  title: string;
  byKind: Partial<Record<string, readonly string[]>>;
}) {
  const groups = labelsByKind(byKind);
  if (groups.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {groups.map(([kind, labels]) => (
        <Box key={kind} sx={{ mt: 1 }}>
          <Typography component="h4" variant="body2" sx={{ fontWeight: 600 }}>
            {kindLabel(kind)}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {labels.map((l) => (
              <Typography component="li" variant="body2" key={l}>
                {l}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
