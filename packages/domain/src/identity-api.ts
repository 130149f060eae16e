/**
 * The signed-in session's answer (GET /api/me, and what sign-in, sign-up and accepting an
 * invitation answer), defined once: the server's routes validate and document with this schema,
 * the web takes its type from it.
 */
import { z } from 'zod';
import { permissionNameSchema, permissionsByKindAnswer } from './admin.js';

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
    /** Permission names by kind (operational, observable, administrative). */
    permissions: permissionsByKindAnswer,
    acceptedInvite: z.boolean(),
    firstTime: z.boolean(),
  }),
  account: z.object({
    id: z.string(),
    name: z.string(),
    currentPlan: z.string(),
    /** Pence a month, or 'Call' for a plan priced on request. */
    planPrice: z.union([z.number().int(), z.literal('Call')]),
    health: z.object({ status: z.string(), reason: z.string().nullable() }),
    valid: z.boolean(),
    /** Only members with top_up see the balance when on. */
    restrictBalance: z.boolean(),
  }),
  abilities: z.array(permissionNameSchema),
});
export type Me = z.infer<typeof meSchema>;
