import { ADMIN_MESSAGES, MESSAGES, PLANS, sortRoles } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { SidePanel } from '../../components/side-panel';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import {
  adminFailureMessage,
  type Department,
  type DepartmentDetail,
  useCreateDepartments,
  useDeleteDepartment,
  useDepartment,
  useMemberEmails,
  useUpdateDepartment,
} from './api';
import {
  DEPARTMENT_NAME_LABEL,
  type DepartmentDraft,
  DepartmentFields,
  departmentBody,
  departmentDraftFrom,
  departmentNameError,
  emptyDepartmentDraft,
} from './department-fields';
import { roleLabel } from './role-editor';

export const CREATE_DEPARTMENTS_TITLE = 'Create departments';
export const NEEDS_MANAGE_COMPANY = 'Only members allowed to manage the company can create departments.';
export const DELETE_NEEDS_MANAGE_COMPANY = 'Only members allowed to manage the company can delete departments.';
export const DELETE_NEEDS_EMPTY = 'Only a department without members can be deleted.';

/** The plans that include departments, for the upgrade explanation. */
const DEPARTMENT_PLANS = PLANS.filter((p) => p.features.includes('department_management_and_reports')).map(
  (p) => p.name,
);

/**
 * Why departments cannot be created or edited (manage_company and the plan feature
 * department_management_and_reports are both needed), or null when they can.
 */
export function departmentRefusal(manageCompany: boolean, planAllows: boolean): string | null {
  if (!manageCompany) return NEEDS_MANAGE_COMPANY;
  if (!planAllows) return `${MESSAGES.upgradePlan} Departments come with the ${DEPARTMENT_PLANS.join(', ')} plans.`;
  return null;
}

/** Maps 422 field paths like "departments.1.name" (or "name") onto the rows' name errors. */
function placeNameErrors(drafts: DepartmentDraft[], error: unknown): DepartmentDraft[] | null {
  if (!isApiError(error, 422)) return null;
  let placed = false;
  const next = drafts.map((d, i) => {
    const f = error.fields.find(
      (x) => x.path === `departments.${i}.name` || (drafts.length === 1 && x.path === 'name'),
    );
    if (!f) return d;
    placed = true;
    return { ...d, serverError: f.message };
  });
  return placed ? next : null;
}

export interface CreateDepartmentsDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Null when allowed, else the explanation shown instead of the form. */
  refusal: string | null;
}

/** "Create departments": one or more departments (name, permissions, approvals, supervisors), POST /api/departments. */
export function CreateDepartmentsDrawer({ open, onClose, refusal }: CreateDepartmentsDrawerProps) {
  const [drafts, setDrafts] = useState<DepartmentDraft[]>(() => [emptyDepartmentDraft()]);
  const [keys, setKeys] = useState<number[]>([0]);
  const [validateNow, setValidateNow] = useState(false);
  const emails = useMemberEmails(open && !refusal);
  const create = useCreateDepartments();

  const setDraft = (index: number, draft: DepartmentDraft) =>
    setDrafts(drafts.map((d, i) => (i === index ? draft : d)));

  const submit = () => {
    setValidateNow(true);
    const errors = drafts.map((d) => departmentNameError(d.name));
    const first = errors.find(Boolean);
    if (first) {
      notify(`${DEPARTMENT_NAME_LABEL} - ${first}`, { variant: 'error' });
      return;
    }
    create.mutateAsync(drafts.map(departmentBody)).then(
      () => {
        notify(ADMIN_MESSAGES.departmentsCreated, { variant: 'success' });
        onClose();
      },
      (error) => {
        const placed = placeNameErrors(drafts, error);
        if (placed) {
          setDrafts(placed);
          for (const d of placed) {
            if (d.serverError) notify(`${DEPARTMENT_NAME_LABEL} - ${d.serverError}`, { variant: 'error' });
          }
          return;
        }
        notify(adminFailureMessage(error, ADMIN_MESSAGES.departmentsCreateFailed), { variant: 'error' });
      },
    );
  };

  const actions = refusal ? (
    <Button onClick={onClose}>Close</Button>
  ) : (
    <>
      <Button onClick={onClose} disabled={create.isPending}>
        Cancel
      </Button>
      <Button variant="contained" onClick={submit} disabled={create.isPending}>
        Save
      </Button>
    </>
  );

  return (
    <SidePanel open={open} onClose={onClose} title={CREATE_DEPARTMENTS_TITLE} actions={actions}>
      {refusal ? (
        <MessageBanner kind="info">{refusal}</MessageBanner>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {drafts.map((draft, i) => (
            <Box
              key={keys[i]}
              component="fieldset"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 2, mb: 2 }}
            >
              <Typography component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
                Department {i + 1}
              </Typography>
              <DepartmentFields
                draft={draft}
                onChange={(d) => setDraft(i, d)}
                memberEmails={emails.data ?? []}
                validateNow={validateNow}
              />
              {drafts.length > 1 ? (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Button
                    color="error"
                    onClick={() => {
                      setDrafts(drafts.filter((_, j) => j !== i));
                      setKeys(keys.filter((_, j) => j !== i));
                    }}
                  >
                    Remove department {i + 1}
                  </Button>
                </Box>
              ) : null}
            </Box>
          ))}
          <Button
            onClick={() => {
              setDrafts([...drafts, emptyDepartmentDraft()]);
              setKeys([...keys, Math.max(...keys) + 1]);
            }}
          >
            Add another department
          </Button>
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </Box>
      )}
    </SidePanel>
  );
}

export interface DepartmentDrawerProps {
  /** The department's id; null when closed. */
  departmentId: string | null;
  /** The table's row, for the title while the details load. */
  row?: Department;
  onClose: () => void;
  /** Editing needs manage_company and the plan feature; deleting needs manage_company. */
  editRefusal: string | null;
  manageCompany: boolean;
}

/** A department: its fields (editable with the rights), its members, Save and Delete. */
export function DepartmentDrawer({ departmentId, row, onClose, editRefusal, manageCompany }: DepartmentDrawerProps) {
  const department = useDepartment(departmentId);
  const title = department.data?.name ?? row?.name ?? 'Department';
  return (
    <SidePanel open={!!departmentId} onClose={onClose} title={title} data-testid="department-details">
      {department.data ? (
        <DepartmentEditor
          key={department.data.id}
          department={department.data}
          onClose={onClose}
          editRefusal={editRefusal}
          manageCompany={manageCompany}
        />
      ) : department.isError ? (
        <MessageBanner kind="error">
          {isApiError(department.error, 404) ? 'This department could not be found.' : MESSAGES.genericError}
        </MessageBanner>
      ) : (
        <Loading />
      )}
    </SidePanel>
  );
}

function DepartmentEditor({
  department,
  onClose,
  editRefusal,
  manageCompany,
}: {
  department: DepartmentDetail;
  onClose: () => void;
  editRefusal: string | null;
  manageCompany: boolean;
}) {
  const [draft, setDraft] = useState<DepartmentDraft>(() => departmentDraftFrom(department));
  const [validateNow, setValidateNow] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canEdit = !editRefusal;
  const emails = useMemberEmails(canEdit);
  const update = useUpdateDepartment(department.id);
  const remove = useDeleteDepartment(department.id);
  const members = department.members ?? [];
  const memberCount = Math.max(department.numMembers ?? 0, members.length);
  const canDelete = manageCompany && memberCount === 0;

  const save = () => {
    setValidateNow(true);
    const error = departmentNameError(draft.name);
    if (error) {
      notify(`${DEPARTMENT_NAME_LABEL} - ${error}`, { variant: 'error' });
      return;
    }
    update.mutateAsync(departmentBody(draft)).then(
      () => notify(ADMIN_MESSAGES.departmentUpdated, { variant: 'success' }),
      (e) => {
        const placed = placeNameErrors([draft], e);
        if (placed?.[0]) {
          setDraft(placed[0]);
          notify(`${DEPARTMENT_NAME_LABEL} - ${placed[0].serverError}`, { variant: 'error' });
          return;
        }
        notify(adminFailureMessage(e, ADMIN_MESSAGES.departmentUpdateFailed), { variant: 'error' });
      },
    );
  };

  const confirmRemoval = () =>
    remove.mutateAsync().then(
      () => {
        notify(`The department ${department.name} was deleted.`, { variant: 'success' });
        setConfirmDelete(false);
        onClose();
      },
      (e) => {
        setConfirmDelete(false);
        notify(
          isApiError(e, 403) || isApiError(e, 401) ? MESSAGES.permissionDenied : ADMIN_MESSAGES.departmentDeleteFailed,
          { variant: 'error' },
        );
      },
    );

  const deleteNote = !manageCompany ? DELETE_NEEDS_MANAGE_COMPANY : memberCount > 0 ? DELETE_NEEDS_EMPTY : null;

  return (
    <Box>
      {editRefusal ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="info">{editRefusal}</MessageBanner>
        </Box>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canEdit) save();
        }}
      >
        <DepartmentFields
          draft={draft}
          onChange={setDraft}
          memberEmails={emails.data ?? department.supervised_by}
          disabled={!canEdit}
          validateNow={validateNow}
        />
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {canEdit ? (
          <Button variant="contained" onClick={save} disabled={update.isPending}>
            Save
          </Button>
        ) : null}
        <Button
          color="error"
          variant="outlined"
          disabled={!canDelete || remove.isPending}
          onClick={() => setConfirmDelete(true)}
          aria-describedby={deleteNote ? `delete-note-${department.id}` : undefined}
        >
          Delete
        </Button>
      </Box>
      {deleteNote ? (
        <Typography id={`delete-note-${department.id}`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {deleteNote}
        </Typography>
      ) : null}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
        Members ({memberCount})
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">This department has no members.</Typography>
      ) : (
        <List dense aria-label="Members">
          {members.map((m) => (
            <ListItem key={m.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={m.user_name || m.email_address} secondary={m.email_address} />
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {sortRoles(m.roles ?? []).map((r) => (
                  <Chip key={r} size="small" label={roleLabel(r)} />
                ))}
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={confirmDelete}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={confirmRemoval}
        message={`The department ${department.name} will be deleted.`}
      />
    </Box>
  );
}
