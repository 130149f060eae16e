import { z } from 'zod';
import { NUMERIC_MIN } from './constants.js';
import { MESSAGES } from './messages.js';
import { roundPoundsToPence } from './money.js';
import { ALL_PERMISSIONS, isPermission, PERMISSION_KINDS, type Permission } from './permissions.js';
import { isRoleName, OWNER_ROLE, ROLE_NAMES, type RoleName } from './roles.js';

export const ADMIN_MESSAGES = {
  inviteNameInvalid: 'You must enter a valid name to continue',
  inviteNameRequired: 'You must enter the full name of the user you wish to add',
  inviteEmailInvalid: 'You must enter a valid email address to continue',
  inviteEmailRequired: 'You must enter an email address to continue',
  departmentNameInvalid: 'Only letters, digits, "_" and "-" are allowed!',
  departmentNameRequired: MESSAGES.required,
  capNegative: 'The amount must be zero or more',
  capTooLarge: 'The amount can be at most £100000000.00',
  permissionUnknown: 'This permission does not exist',
  roleUnknown: `This role does not exist: choose ${ROLE_NAMES.join(', ')}`,
  roleOwner: 'Ownership of the company cannot be given to a member',
  capOwnRefused: 'You cannot change your own spending cap.',
  capOwnerRefused: "The owner's spending is never capped: no member can set the owner's cap.",
  cannotFetchCap: 'Cannot fetch spending cap',
  capUpdated: "Member's spending cap updated successfully",
  invited: (name: string) => `${name} has been invited to your company!`,
  inviteFailed: (name: string) =>
    `An error occured while inviting user ${name} to your company... Please check that the details you have entered are correct`,
  userEdited: (email: string) => `User ${email} edited successfully`,
  userEditFailed: (email: string) =>
    `An error occured while editing user ${email}. Please check that the entered details are correct.`,
  departmentsCreated: 'Success! Your department(s) have been created!',
  departmentsCreateFailed:
    'An error occured adding your department(s). Please check that the details you have entered are correct.',
  departmentUpdated: 'The department was updated successfully!',
  departmentUpdateFailed: 'An error occured trying to edit this department',
  departmentDeleteFailed: 'An error occured trying to delete this department.',
  departmentAdvice: 'Your company has more than 50 employees: create departments to organise them.',
} as const;

/** Departments are advised above this many employees. */
export const DEPARTMENT_ADVICE_THRESHOLD = 50;

/** Invitee name: letters (any alphabet), hyphen and space only. */
export const INVITE_NAME_PATTERN = /^[\p{L}][\p{L} -]*$/u;
/** Department name: letters, digits, space, underscore and hyphen. */
export const DEPARTMENT_NAME_PATTERN = /^[\p{L}\d _-]+$/u;

export const inviteNameField = z
  .string({ error: ADMIN_MESSAGES.inviteNameRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.inviteNameRequired })
  .max(100, { error: MESSAGES.maxLength(100) })
  .regex(INVITE_NAME_PATTERN, { error: ADMIN_MESSAGES.inviteNameInvalid });

export const inviteEmailField = z
  .string({ error: ADMIN_MESSAGES.inviteEmailRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.inviteEmailRequired })
  .max(254, { error: MESSAGES.maxLength(254) })
  .pipe(z.email({ error: ADMIN_MESSAGES.inviteEmailInvalid }))
  .transform((v) => v.toLowerCase());

export const departmentNameField = z
  .string({ error: ADMIN_MESSAGES.departmentNameRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.departmentNameRequired })
  .max(60, { error: MESSAGES.maxLength(60) })
  .regex(DEPARTMENT_NAME_PATTERN, { error: ADMIN_MESSAGES.departmentNameInvalid });

const permissionName = z
  .string()
  .refine((p) => isPermission(p), { error: ADMIN_MESSAGES.permissionUnknown })
  .transform((p) => p as Permission);

/** Permissions grouped by kind, every name checked against the catalogue. */
export const permissionsByKindSchema = z.strictObject(
  Object.fromEntries(PERMISSION_KINDS.map((k) => [k, z.array(permissionName).max(40).default([])])) as Record<
    (typeof PERMISSION_KINDS)[number],
    z.ZodDefault<z.ZodArray<typeof permissionName>>
  >,
);

/** A permission of the catalogue, as answers name it (the OpenAPI document lists every one). */
export const permissionNameSchema = z.enum(ALL_PERMISSIONS);

/** Permission names by kind as the server answers them (a kind with none may be left out). */
export const permissionsByKindAnswer = z.object({
  operational: z.array(permissionNameSchema).optional(),
  observable: z.array(permissionNameSchema).optional(),
  administrative: z.array(permissionNameSchema).optional(),
} satisfies Record<(typeof PERMISSION_KINDS)[number], z.ZodType>);

/** A role given to a member: one of the four presets, never the owner's (decision 0012). */
export const roleNameField = z
  .string()
  .max(40, { error: ADMIN_MESSAGES.roleUnknown })
  .superRefine((r, ctx) => {
    if (isRoleName(r)) return;
    ctx.addIssue({
      code: 'custom',
      message: r.trim().toLowerCase() === OWNER_ROLE ? ADMIN_MESSAGES.roleOwner : ADMIN_MESSAGES.roleUnknown,
    });
  })
  .transform((r) => r as RoleName);

/** Inviting a colleague (the 3-step panel's result). */
export const inviteUserSchema = z.strictObject({
  user_name: inviteNameField,
  email_address: inviteEmailField,
  roles: z
    .array(roleNameField)
    .max(ROLE_NAMES.length * 2)
    .default([])
    .transform((roles) => [...new Set(roles)]),
  permissions: permissionsByKindSchema,
  approvals: permissionsByKindSchema.default({ operational: [], observable: [], administrative: [] }),
  department: z.string().trim().max(60).nullable().default(null),
  supervised_departments: z.array(z.string().max(60)).max(100).default([]),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/** Editing a member's roles and permissions. */
export const editUserSchema = inviteUserSchema.omit({ user_name: true, email_address: true });

/** The largest cap the server stores (one hundred million pounds). */
export const MAX_CAP_PENCE = 100_000_000_00;

/** An amount in pounds, not negative, rounded to 2 decimals (part 1 section 5); 0 means Unlimited. Returns pence. */
export const capPoundsField = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (text.startsWith('-')) {
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.capNegative });
    return z.NEVER;
  }
  const pence = roundPoundsToPence(text);
  if (pence === null) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.number });
    return z.NEVER;
  }
  if (pence > MAX_CAP_PENCE) {
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.capTooLarge });
    return z.NEVER;
  }
  // An amount above zero that rounds to nothing would mean Unlimited (0): refused with the
  // spec's number rule instead (issue 24 item 9).
  if (pence === 0 && /[1-9]/.test(text)) {
    ctx.addIssue({ code: 'custom', message: `Must be at least ${NUMERIC_MIN}` });
    return z.NEVER;
  }
  return pence;
});

/** A spending cap on the wire: pence, never negative, rounded to whole pence (2 decimals of pounds). */
export const capPenceField = z
  .number({ error: MESSAGES.number })
  .min(0, { error: ADMIN_MESSAGES.capNegative })
  .max(MAX_CAP_PENCE, { error: ADMIN_MESSAGES.capTooLarge })
  // Half a penny or less above zero would round to 0, which means Unlimited: refused.
  .refine((pence) => pence === 0 || Math.round(pence) > 0, { error: `Must be at least ${NUMERIC_MIN}` })
  .transform((pence) => Math.round(pence));

export const SPENDING_MODES = ['no_limit', 'standard', 'override'] as const;
export type SpendingMode = (typeof SPENDING_MODES)[number];

/** The cap in force: a non-zero override takes precedence; 0 means Unlimited (null here). */
export function effectiveCap(cap: { cap: number; override_cap: number }): number | null {
  if (cap.override_cap > 0) return cap.override_cap;
  if (cap.cap > 0) return cap.cap;
  return null;
}

/** The editor's mode for a stored cap. */
export function spendingMode(cap: { cap: number; override_cap: number }): SpendingMode {
  if (cap.override_cap > 0) return 'override';
  if (cap.cap > 0) return 'standard';
  return 'no_limit';
}

let londonMonth: Intl.DateTimeFormat | undefined;

/**
 * The first day of the month in the UK (Europe/London, so 00:30 BST on 1 April is April) as
 * yyyy-MM-01: the period a monthly cap counts over.
 */
export function capMonth(at: Date): string {
  // Made on first use: a module-level `new` would keep this module in every bundle that imports the package.
  londonMonth ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' });
  const parts = londonMonth.formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}-01`;
}
