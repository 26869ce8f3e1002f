/**
 * Links that come from upstreams (ads, Blocket search pages) are rendered only when they are
 * https URLs: a `javascript:` or `data:` link from a compromised or spoofed upstream never becomes
 * clickable on our pages.
 */
export function safeExternalUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}
