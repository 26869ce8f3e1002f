import { FORM_BODY_COPY } from "#app/lib/failure-copy";
import { data } from "react-router";
import { discardBody, readCapped } from "./read-capped.server";

// In the root middleware so new forms are covered by construction; formData() would otherwise throw a 500 in the action.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Every field at its limit stays under 100 KB; far below a Worker's memory. */
export const MAX_FORM_BYTES = 256 * 1024;
/** A refused body is still read this far so the connection stays usable (see discardBody). */
const MAX_DRAINED_BYTES = 4 * 1024 * 1024;

const NOT_A_FORM_MESSAGE = FORM_BODY_COPY["not-a-form"];
const FORM_TOO_LARGE_MESSAGE = FORM_BODY_COPY["too-large"];
const MALFORMED_FORM_MESSAGE = FORM_BODY_COPY.malformed;

function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

/** Reads a clone, so the action still gets the whole body. */
export async function assertFormSubmission(request: Request): Promise<void> {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const contentType = request.headers.get("Content-Type");
  if (!FORM_MEDIA_TYPES.has(mediaType(contentType))) {
    await discardBody(request.body, MAX_DRAINED_BYTES);
    throw data(NOT_A_FORM_MESSAGE, { status: 415 });
  }

  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= MAX_FORM_BYTES)) {
    await discardBody(request.body, MAX_DRAINED_BYTES);
    throw data(FORM_TOO_LARGE_MESSAGE, { status: 413 });
  }

  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readCapped(request.clone().body, MAX_FORM_BYTES);
  } catch {
    throw data(MALFORMED_FORM_MESSAGE, { status: 400 });
  }
  if (!bytes) {
    await discardBody(request.body, MAX_DRAINED_BYTES);
    throw data(FORM_TOO_LARGE_MESSAGE, { status: 413 });
  }

  try {
    // Parsed once here with the same parser the action will use: a body that fails here would fail there.
    await new Response(bytes, { headers: { "Content-Type": contentType ?? "" } }).formData();
  } catch {
    throw data(MALFORMED_FORM_MESSAGE, { status: 400 });
  }
}
