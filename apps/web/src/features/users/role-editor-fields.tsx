import { PERMISSION_CATALOGUE, type Permission, ROLE_NAMES, ROLE_PRESETS, type RoleName } from '@lp/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { Department } from './api';
import {
  chooseDepartment,
  type PermissionItem,
  permissionItems,
  type RoleEditorState,
  supervisedNow,
  supervisorItems,
  toggleApproval,
  togglePermissionItem,
  toggleRole,
  toggleSupervised,
} from './role-editor';

export const REQUIRES_APPROVAL = 'Requires supervisor approval';
export const NO_DEPARTMENT = 'No department';

export interface RoleEditorFieldsProps {
  state: RoleEditorState;
  onChange: (state: RoleEditorState) => void;
  departments: readonly Department[];
  /** Only users with manage_users change roles (part 1 section 5). */
  canEdit: boolean;
}

/**
 * The permissions step of the invite panel (also the member edit form): a Department select whose
 * choice applies that department's presets, then the four preset roles, each with its description
 * and an expandable list of its permissions, each with a "Requires supervisor approval" switch;
 * the Supervisor also lists the departments it may supervise.
 */
export function RoleEditorFields({ state, onChange, departments, canEdit }: RoleEditorFieldsProps) {
  const selectId = useId();
  const names = departments.map((d) => d.name);
  const departmentValue = state.department ?? '';
  return (
    <Box>
      <FormControl fullWidth margin="normal" disabled={!canEdit}>
        <InputLabel htmlFor={selectId} shrink>
          Department
        </InputLabel>
        <Select
          native
          value={departmentValue}
          onChange={(e) => {
            const name = String(e.target.value);
            onChange(chooseDepartment(state, departments.find((d) => d.name === name) ?? null));
          }}
          input={<OutlinedInput label="Department" notched />}
          inputProps={{ id: selectId, 'aria-describedby': `${selectId}-help` }}
        >
          <option value="">{NO_DEPARTMENT}</option>
          {departmentValue && !names.includes(departmentValue) ? (
            <option value={departmentValue}>{departmentValue}</option>
          ) : null}
          {departments.map((d) => (
            <option key={d.id} value={d.name}>
              {d.name}
            </option>
          ))}
        </Select>
        <FormHelperText id={`${selectId}-help`}>
          Choosing a department applies its permissions and approvals; you can change them below.
        </FormHelperText>
      </FormControl>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
        Roles
      </Typography>
      {canEdit ? null : (
        <Typography variant="body2" color="text.secondary">
          Only members allowed to add and edit users can change roles.
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
        {ROLE_NAMES.map((role) => (
          <RoleBlock
            key={role}
            role={role}
            state={state}
            onChange={onChange}
            departments={departments}
            canEdit={canEdit}
          />
        ))}
      </Box>
    </Box>
  );
}

function RoleBlock({
  role,
  state,
  onChange,
  departments,
  canEdit,
}: {
  role: RoleName;
  state: RoleEditorState;
  onChange: (state: RoleEditorState) => void;
  departments: readonly Department[];
  canEdit: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const listId = useId();
  const preset = ROLE_PRESETS[role];
  const ticked = state.ticked.has(role);
  const items = role === 'Supervisor' ? supervisorItems() : permissionItems(preset.permissions);
  const checked = state.checked[role];
  const usingDefaults = ticked && checked.size === 0;
  const defaults = permissionItems(preset.defaultsWhenEmpty as readonly Permission[]).map((i) => i.label);
  return (
    <Box sx={{ border: 1, borderColor: ticked ? 'primary.main' : 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <FormControlLabel
          sx={{ flex: 1, mr: 0 }}
          control={
            <Checkbox
              checked={ticked}
              disabled={!canEdit}
              onChange={(e) => onChange(toggleRole(state, role, e.target.checked))}
              slotProps={{ input: { 'aria-describedby': descriptionId } }}
            />
          }
          label={<Typography sx={{ fontWeight: 600 }}>{role}</Typography>}
        />
        <IconButton
          aria-label={`${role} permissions`}
          aria-expanded={expanded ? 'true' : 'false'}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
          sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
        >
          <ExpandMore />
        </IconButton>
      </Box>
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ pl: 4, pb: 0.5 }}>
        {preset.description}
        {usingDefaults ? ` Nothing chosen: the role's defaults apply (${defaults.join(', ')}).` : ''}
      </Typography>
      <Collapse in={expanded} id={listId} unmountOnExit>
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, pl: 4, pb: 1 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, p: 0 }}>
            {role} permissions
          </Typography>
          {items.map((item) => (
            <PermissionLine
              key={item.label}
              item={item}
              checked={item.permissions.every((p) => checked.has(p))}
              partly={item.permissions.some((p) => checked.has(p))}
              approval={item.permissions.some((p) => state.approvals.has(p))}
              disabled={!canEdit}
              onCheck={(on) => onChange(togglePermissionItem(state, role, item, on))}
              onApproval={(on) => onChange(toggleApproval(state, item, on))}
            />
          ))}
        </Box>
        {role === 'Supervisor' ? (
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, pl: 4, pb: 1 }}>
            <Typography component="legend" variant="body2" sx={{ fontWeight: 600, p: 0 }}>
              Departments to supervise
            </Typography>
            {departments.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No departments yet: a Supervisor without departments supervises the whole company.
              </Typography>
            ) : (
              departments.map((d) => (
                <FormControlLabel
                  key={d.id}
                  sx={{ display: 'flex' }}
                  control={
                    <Checkbox
                      size="small"
                      checked={state.supervised.includes(d.name)}
                      disabled={!canEdit}
                      onChange={(e) => onChange(toggleSupervised(state, d.name, e.target.checked))}
                    />
                  }
                  label={d.name}
                />
              ))
            )}
            {ticked ? (
              <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
                {supervisionSummary(supervisedNow(state))}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </Collapse>
    </Box>
  );
}

/** A permission line: its checkbox and, beside it, the "Requires supervisor approval" switch. */
export function PermissionLine({
  item,
  checked,
  partly = false,
  approval,
  disabled,
  onCheck,
  onApproval,
}: {
  item: PermissionItem;
  checked: boolean;
  partly?: boolean;
  approval: boolean;
  disabled: boolean;
  onCheck: (on: boolean) => void;
  onApproval: (on: boolean) => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
      <FormControlLabel
        sx={{ flex: '1 1 240px', mr: 0 }}
        control={
          <Checkbox
            size="small"
            checked={checked}
            indeterminate={!checked && partly}
            disabled={disabled}
            onChange={(e) => onCheck(e.target.checked)}
          />
        }
        label={item.label}
      />
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={approval && (checked || partly)}
            disabled={disabled || !(checked || partly)}
            onChange={(e) => onApproval(e.target.checked)}
            slotProps={{ input: { 'aria-label': `${REQUIRES_APPROVAL}: ${item.label}` } }}
          />
        }
        label={<Typography variant="body2">{REQUIRES_APPROVAL}</Typography>}
      />
    </Box>
  );
}

/**
 * What the ticked Supervisor supervises under the Supervisor rule: the whole company when "Supervise
 * company" is checked or no department is, otherwise the ticked departments with the checked lines.
 */
export function supervisionSummary(departments: readonly string[]): string {
  return departments.length === 0
    ? 'Supervises the whole company: only "Supervise company" counts.'
    : `Supervises ${departments.join(', ')}: the permissions checked above count for these departments.`;
}

/** The catalogue label of a task (for summaries). */
export function permissionLabel(p: Permission): string {
  return PERMISSION_CATALOGUE[p].label;
}
