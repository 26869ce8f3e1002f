import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

export const LocalSignInSchema = z.object({
  email: z
    .string({ error: "Ange din e-postadress." })
    .trim()
    .min(1, { error: "Ange din e-postadress." })
    .max(254, { error: "E-postadressen är för lång." })
    .pipe(z.email({ error: "Ange en giltig e-postadress, till exempel namn@exempel.se." })),
  redirectTo: z.string().optional(),
});

export type LocalSignInActionData = { result: SubmissionResult<string[]> };
