/**
 * Who a per-IP limit counts: Cloudflare's `CF-Connecting-IP` (set by the edge; a client cannot
 * forge it there). IPv6 addresses count per /64, because one subscriber gets a whole /64 and could
 * otherwise take a fresh address for every request. Without the header (local tools, tests that
 * do not set it) every request shares one bucket, which errs on the strict side.
 */
export function clientAddress(request: Request): string {
  const raw = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  if (!/^[0-9a-f:.]{2,45}$/i.test(raw)) return "unknown";
  if (!raw.includes(":")) return raw;
  const prefix = ipv6Prefix64(raw);
  return prefix ? `${prefix}::/64` : raw.toLowerCase();
}

/** The first four hextets of a plain IPv6 address, without leading zeros; null for other forms. */
function ipv6Prefix64(address: string): string | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const parts = [...head, ...Array.from({ length: fill }, () => "0"), ...tail];
  if (parts.length !== 8 || parts.some((part) => !/^[0-9a-f]{1,4}$/i.test(part))) return null;
  return parts
    .slice(0, 4)
    .map((part) => Number.parseInt(part, 16).toString(16))
    .join(":");
}
