// CF-Connecting-IP is set by the edge and cannot be forged there. IPv6 counts per /64 (one subscriber's); without the
// header every request shares one bucket, the strict side.
export function clientAddress(request: Request): string {
  const raw = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  if (!/^[0-9a-f:.]{2,45}$/i.test(raw)) return "unknown";
  if (!raw.includes(":")) return raw;
  const hextets = ipv6Hextets(raw);
  return hextets ? `${prefixOf(hextets, 64)}/64` : raw.toLowerCase();
}

/** Widest last: IPv4 /24, IPv6 /56 (one Swedish household) and /48 (one site); empty when there is nothing to widen to. */
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

function prefixOf(hextets: readonly number[], bits: 48 | 56 | 64): string {
  const kept = hextets.slice(0, Math.ceil(bits / 16)).map((hextet, index) => {
    const room = bits - index * 16;
    return room >= 16 ? hextet : hextet & (0xffff << (16 - room)) & 0xffff;
  });
  return `${kept.map((hextet) => hextet.toString(16)).join(":")}::`;
}
