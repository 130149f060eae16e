import {
  DEPARTMENT_NAME_DEBOUNCE_MS,
  departmentNameField,
  flattenPermissions,
  groupByKind,
  PERMISSION_KINDS,
  type Permission,
} from '@lp/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { AppTextField } from '../../components/text-field';
import type { DepartmentBody } from './api';
import { DEPARTMENT_PERMISSIONS, kindLabel, permissionItems } from './role-editor';
import { PermissionLine } from './role-editor-fields';

export const DEPARTMENT_NAME_LABEL = 'Department name';
export const SUPERVISORS_LABEL = 'Supervisors';

/** A department being created or edited. */
export interface DepartmentDraft {
  name: string;
  permissions: ReadonlySet<Permission>;
  approvals: ReadonlySet<Permission>;
  supervisors: readonly string[];
  /** An error the server reported for the name. */
  serverError?: string | null;
}

export function emptyDepartmentDraft(): DepartmentDraft {
  return { name: '', permissions: new Set(), approvals: new Set(), supervisors: [] };
}

export function departmentDraftFrom(d: {
  name: string;
  /** By kind, as the server answers them (names outside the catalogue are dropped). */
  permissions: Partial<Record<string, readonly string[]>>;
  approvals: Partial<Record<string, readonly string[]>>;
  supervised_by: readonly string[];
}): DepartmentDraft {
  const permissions = new Set(flattenPermissions(d.permissions));
  return {
    name: d.name,
    permissions,
    approvals: new Set(flattenPermissions(d.approvals).filter((p) => permissions.has(p))),
    supervisors: [...d.supervised_by],
  };
}

/** The name's error (departmentNameField's rules), or null. */
export function departmentNameError(name: string): string | null {
  const parsed = departmentNameField.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function departmentBody(draft: DepartmentDraft): DepartmentBody {
  const permissions = [...draft.permissions];
  return {
    name: draft.name.trim(),
    permissions: groupByKind(permissions),
    approvals: groupByKind(permissions.filter((p) => draft.approvals.has(p))),
    supervised_by: [...draft.supervisors],
  };
}

export interface DepartmentFieldsProps {
  draft: DepartmentDraft;
  onChange: (draft: DepartmentDraft) => void;
  /** The supervisors' choices (members' email addresses). */
  memberEmails: readonly string[];
  disabled?: boolean;
  /** Show the name's error at once (after a submit), not only after the debounce. */
  validateNow?: boolean;
}

/**
 * A department's name (checked DEPARTMENT_NAME_DEBOUNCE_MS after the last key), its permissions by
 * kind, a "Requires supervisor approval" switch per checked permission, and its supervisors.
 */
export function DepartmentFields({
  draft,
  onChange,
  memberEmails,
  disabled = false,
  validateNow,
}: DepartmentFieldsProps) {
  const nameError = useDebouncedNameError(draft.name, !!validateNow);
  const error = draft.serverError ?? nameError;
  return (
    <Box>
      <AppTextField
        label={DEPARTMENT_NAME_LABEL}
        value={draft.name}
        required
        disabled={disabled}
        autoComplete="off"
        onChange={(e) => onChange({ ...draft, name: e.target.value, serverError: null })}
        error={!!error}
        helperText={error ?? 'Letters, digits, spaces, "_" and "-".'}
      />
      {PERMISSION_KINDS.map((kind) => (
        <Box component="fieldset" key={kind} sx={{ border: 0, p: 0, m: 0, mt: 1.5 }}>
          <Typography component="legend" sx={{ fontWeight: 700, p: 0 }}>
            {kindLabel(kind)}
          </Typography>
          {permissionItems(DEPARTMENT_PERMISSIONS.filter((p) => groupByKind([p])[kind].length > 0)).map((item) => {
            const checked = item.permissions.every((p) => draft.permissions.has(p));
            const partly = item.permissions.some((p) => draft.permissions.has(p));
            return (
              <PermissionLine
                key={item.label}
                item={item}
                checked={checked}
                partly={partly}
                approval={item.permissions.some((p) => draft.approvals.has(p))}
                disabled={disabled}
                onCheck={(on) => {
                  const permissions = new Set(draft.permissions);
                  const approvals = new Set(draft.approvals);
                  for (const p of item.permissions) {
                    if (on) permissions.add(p);
                    else {
                      permissions.delete(p);
                      approvals.delete(p);
                    }
                  }
                  onChange({ ...draft, permissions, approvals });
                }}
                onApproval={(on) => {
                  const approvals = new Set(draft.approvals);
                  for (const p of item.permissions) {
                    if (on && draft.permissions.has(p)) approvals.add(p);
                    else approvals.delete(p);
                  }
                  onChange({ ...draft, approvals });
                }}
              />
            );
          })}
        </Box>
      ))}
      <Autocomplete
        multiple
        freeSolo={memberEmails.length === 0}
        options={[...memberEmails]}
        value={[...draft.supervisors]}
        disabled={disabled}
        onChange={(_, value) => onChange({ ...draft, supervisors: value.map(String) })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={SUPERVISORS_LABEL}
            margin="normal"
            helperText="Members who approve this department's flagged tasks"
          />
        )}
      />
    </Box>
  );
}

/** The name's error, DEPARTMENT_NAME_DEBOUNCE_MS after the last change (at once when asked). */
function useDebouncedNameError(name: string, now: boolean): string | null {
  const [checked, setChecked] = useState<string | null>(null);
  const touched = useRef(false);
  useEffect(() => {
    if (name !== '') touched.current = true;
    if (!touched.current) return;
    const timer = setTimeout(() => setChecked(departmentNameError(name)), DEPARTMENT_NAME_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [name]);
  return now ? departmentNameError(name) : checked;
}
