import { z } from 'zod';

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    firstName: z.string(),
    email: z.string(),
    jobTitle: z.string(),
    phoneNumber: z.string(),
    department: z.string().nullable(),
    roles: z.array(z.string()),
    permissions: z.record(z.string(), z.array(z.string())),
    acceptedInvite: z.boolean(),
    firstTime: z.boolean(),
  }),
  account: z.object({
    id: z.string(),
    name: z.string(),
    currentPlan: z.string(),
    planPrice: z.union([z.number().int(), z.literal('Call')]),
    health: z.object({ status: z.string(), reason: z.string().nullable() }),
    valid: z.boolean(),
    /** Only members with top_up see the balance when on. */
    restrictBalance: z.boolean(),
  }),
  abilities: z.array(z.string()),
});
export type Me = z.infer<typeof meSchema>;
