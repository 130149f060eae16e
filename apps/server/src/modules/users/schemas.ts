import { permissionsByKindAnswer } from '@lp/domain';
import { z } from 'zod';

const byKind = permissionsByKindAnswer;

export const userRowSchema = z.object({
  id: z.string(),
  user_name: z.string(),
  email_address: z.string(),
  department: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: byKind,
  approvals: byKind,
  supervised_departments: z.array(z.string()),
  accepted_invite: z.boolean(),
  job_title: z.string(),
  phone_number: z.string(),
  is_owner: z.boolean(),
  is_self: z.boolean(),
  created_at: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const spendingCapSchema = z.object({
  cap: z.number().int(),
  override_cap: z.number().int(),
  amount_spent: z.number().int(),
  month: z.string(),
});
