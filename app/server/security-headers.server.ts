/** Static assets never reach the Worker; `public/_headers` gives them the same non-CSP headers. */
export type SecurityHeaderOptions = {
  nonce: string;
  appEnv: string;
  extraScriptOrigins?: readonly string[];
  extraConnectOrigins?: readonly string[];
  extraImageOrigins?: readonly string[];
  extraFrameOrigins?: readonly string[];
};

export function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const isDevelopment = options.appEnv === "development";
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${options.nonce}'`, ...(options.extraScriptOrigins ?? [])],
    // React `style` attributes and Clerk's injected styles need inline styles; scripts do not.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(options.extraImageOrigins ?? [])],
    "font-src": ["'self'"],
    // Vite's hot reload talks over a websocket in development only.
    "connect-src": ["'self'", ...(isDevelopment ? ["ws:", "wss:"] : []), ...(options.extraConnectOrigins ?? [])],
    "frame-src": ["'self'", ...(options.extraFrameOrigins ?? [])],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (!isDevelopment) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  };
  // HSTS on localhost would pin browsers to https for every local project; production only.
  if (options.appEnv !== "development") {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  }
  return headers;
}

export function withSecurityHeaders(response: Response, options: SecurityHeaderOptions): Response {
  // Websocket upgrades (Vite HMR in development) must pass through untouched.
  if (response.status === 101) return response;
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders(options))) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  return secured;
}
