import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

export const DELETE_ACCOUNT_CONFIRMATION = "RADERA";

const CONFIRMATION_MISSING_MESSAGE = `Skriv ${DELETE_ACCOUNT_CONFIRMATION} för att bekräfta. Inget har raderats.`;

/** Case and surrounding spaces do not matter; anything else does. */
export const AccountDeletionSchema = z.object({
  confirmation: z
    .string({ error: CONFIRMATION_MISSING_MESSAGE })
    .max(100, { error: CONFIRMATION_MISSING_MESSAGE, abort: true })
    .refine((value) => value.trim().toUpperCase() === DELETE_ACCOUNT_CONFIRMATION, { error: CONFIRMATION_MISSING_MESSAGE }),
});

export type AccountDeletionActionData = { result: SubmissionResult<string[]> };
