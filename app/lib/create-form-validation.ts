import { parseWithZod } from "@conform-to/zod/v4";
import { SearchInputSchema } from "./search-form";

// Loaded by the create form on first use, not at start: zod and its Conform adapter took 70 ms of
// main-thread time in Chromium here when evaluated during hydration. The server validates either way.
export function validateCreateForm(formData: FormData) {
  return parseWithZod(formData, { schema: SearchInputSchema });
}

export type CreateFormValidator = typeof validateCreateForm;
