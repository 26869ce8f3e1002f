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
  const hextets = ipv6Hextets(raw);
  return hextets ? `${prefixOf(hextets, 64)}/64` : raw.toLowerCase();
}

/**
 * The networks around an address as `clientAddress` spells it, widest last: IPv4 its /24, IPv6
 * its /56 (what Swedish ISPs commonly delegate to one household) and its /48 (one site, or one
 * customer of some ISPs). Empty for "unknown" or anything that is not a plain address: there is no
 * network to widen to, and the exact bucket already holds it.
 */
export function networksOf(address: string): { bits: 24 | 48 | 56; key: string }[] {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const octets = v4.slice(1, 4).map(Number);
    return octets.every((octet) => octet <= 255) ? [{ bits: 24, key: `${octets.join(".")}.0/24` }] : [];
  }
  const hextets = address.endsWith("/64") ? ipv6Hextets(address.slice(0, -3)) : null;
  if (!hextets) return [];
  return [
    { bits: 56, key: `${prefixOf(hextets, 56)}/56` },
    { bits: 48, key: `${prefixOf(hextets, 48)}/48` },
  ];
}

/** The eight hextets of a plain IPv6 address as numbers; null for other forms (e.g. embedded IPv4). */
function ipv6Hextets(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const parts = [...head, ...Array.from({ length: fill }, () => "0"), ...tail];
  if (parts.length !== 8 || parts.some((part) => !/^[0-9a-f]{1,4}$/i.test(part))) return null;
  return parts.map((part) => Number.parseInt(part, 16));
}

/** `2001:db8:ab:cd00::` for a /56: the first `bits` bits kept, the rest zero, without leading zeros. */
function prefixOf(hextets: readonly number[], bits: 48 | 56 | 64): string {
  const kept = hextets.slice(0, Math.ceil(bits / 16)).map((hextet, index) => {
    const room = bits - index * 16;
    return room >= 16 ? hextet : hextet & (0xffff << (16 - room)) & 0xffff;
  });
  return `${kept.map((hextet) => hextet.toString(16)).join(":")}::`;
}
