/**
 * A fake of Clerk's Backend API for the one read the app makes outside sign-in: `GET
 * /v1/users/{user_id}` (the watch digest's address). It listens on 127.0.0.1:0 and answers in the
 * API's shapes: a User object (snake_case, `object: "user"`, `email_addresses` each with its own
 * `id`, `verification` and `linked_to`, and `primary_email_address_id` naming one of them), or for
 * an unknown id a 404 with Clerk's error envelope (`errors[]` of `{ message, long_message, code }`
 * plus `clerk_trace_id`). Requests without `Authorization: Bearer sk_…` get Clerk's 401. Users are
 * registered per test with `POST /__fake/users` (a JSON `{ id, emails, primary }`);
 * `GET /__fake/requests?user=` returns what was received. Plain Node, no dependencies.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type FakeUser = { id: string; emails: string[]; primary: number };
type RecordedClerkRequest = { method: string; path: string; authorization: string | undefined };

export type FakeClerkBackend = { url: string; close(): Promise<void> };

const CREATED_AT = 1_790_000_000_000;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function clerkError(code: string, message: string, longMessage: string) {
  return { errors: [{ message, long_message: longMessage, code }], clerk_trace_id: "0123456789abcdef0123456789abcdef" };
}

/** The User object as the Backend API returns it (the fields a fresh e-mail-only account has). */
function userJson(user: FakeUser) {
  const emailAddresses = user.emails.map((email, index) => ({
    id: `idn_${user.id}_${index}`,
    object: "email_address",
    email_address: email,
    reserved: false,
    verification: { status: "verified", strategy: "email_code", attempts: 1, expire_at: CREATED_AT + 600_000 },
    linked_to: [],
    matches_sso_connection: false,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
  }));
  return {
    id: user.id,
    object: "user",
    username: null,
    first_name: null,
    last_name: null,
    image_url: "https://img.clerk.com/placeholder",
    has_image: false,
    primary_email_address_id: emailAddresses[user.primary]?.id ?? null,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: false,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: emailAddresses,
    phone_numbers: [],
    web3_wallets: [],
    passkeys: [],
    external_accounts: [],
    saml_accounts: [],
    enterprise_accounts: [],
    public_metadata: {},
    private_metadata: {},
    unsafe_metadata: {},
    external_id: null,
    last_sign_in_at: CREATED_AT,
    banned: false,
    locked: false,
    lockout_expires_in_seconds: null,
    verification_attempts_remaining: 100,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    delete_self_enabled: true,
    create_organization_enabled: true,
    last_active_at: CREATED_AT,
    mfa_enabled_at: null,
    mfa_disabled_at: null,
    legal_accepted_at: null,
    locale: null,
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

export async function startFakeClerkBackend(): Promise<FakeClerkBackend> {
  const users = new Map<string, FakeUser>();
  const requests: (RecordedClerkRequest & { userId: string })[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "POST" && url.pathname === "/__fake/users") {
      const user = (await readJson(req)) as FakeUser;
      users.set(user.id, user);
      return send(res, 200, { ok: true });
    }
    if (req.method === "GET" && url.pathname === "/__fake/requests") {
      const userId = url.searchParams.get("user");
      return send(
        res,
        200,
        requests.filter((request) => userId === null || request.userId === userId).map(({ method, path, authorization }) => ({ method, path, authorization })),
      );
    }
    const userPath = /^\/v1\/users\/([^/]+)$/.exec(url.pathname);
    if (!userPath || req.method !== "GET") return send(res, 404, clerkError("resource_not_found", "not found", "The requested resource was not found"));
    const userId = decodeURIComponent(userPath[1] ?? "");
    const authorization = req.headers.authorization;
    requests.push({ method: req.method, path: url.pathname, authorization, userId });
    if (!authorization?.startsWith("Bearer sk_")) {
      return send(res, 401, clerkError("authentication_invalid", "Unauthorized request", "The provided Clerk Secret Key is invalid."));
    }
    const user = users.get(userId);
    if (!user) return send(res, 404, clerkError("resource_not_found", "not found", "User not found"));
    return send(res, 200, userJson(user));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, clerkError("internal_clerk_error", "Oops", String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
