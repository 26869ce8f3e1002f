const FALLBACK = "/recommendations";

/** Only a path on this site; anything else gives the fallback. */
export function safeRedirectPath(target: unknown, fallback: string = FALLBACK): string {
  if (typeof target !== "string" || target === "") return fallback;
  // Browsers treat "\" like "/" and drop tabs/newlines, which turns "/\evil.example" into "//evil.example".
  if (!target.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(target) || target.startsWith("//")) return fallback;
  const base = "http://drombil.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}

export function loginPathFor(currentPath: string): string {
  const target = safeRedirectPath(currentPath, "/");
  return target === "/" || target.startsWith("/login") ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`;
}
