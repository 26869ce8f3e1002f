import { z } from "zod";

/** The local sign-in form (offline development): an e-mail address and where to go afterwards. */
export const LocalSignInSchema = z.object({
  email: z
    .string({ error: "Ange din e-postadress." })
    .trim()
    .min(1, { error: "Ange din e-postadress." })
    .max(254, { error: "E-postadressen är för lång." })
    .pipe(z.email({ error: "Ange en giltig e-postadress, till exempel namn@exempel.se." })),
  redirectTo: z.string().optional(),
});
export type LocalSignIn = z.infer<typeof LocalSignInSchema>;

export type LocalSignInActionData = {
  /** What was submitted, so the re-rendered form keeps the address and the return target. */
  fields: { email: string; redirectTo: string };
  errors: { email?: string };
};
