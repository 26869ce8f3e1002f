import { z } from "zod";

/** One e-mail as Email Service's `send_email` binding takes it (and as the dev outbox shows it). */
const OutgoingMailSchema = z.object({
  to: z.email(),
  from: z.object({ email: z.email(), name: z.string() }),
  subject: z.string().min(1).max(200),
  text: z.string().min(1),
  html: z.string().min(1),
  headers: z.record(z.string(), z.string()),
});
export type OutgoingMail = z.infer<typeof OutgoingMailSchema>;
