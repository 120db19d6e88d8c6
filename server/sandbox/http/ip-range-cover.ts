import ipaddr from 'ipaddr.js';

interface Span {
  kind: 'ipv4' | 'ipv6';
  first: bigint;
  last: bigint;
}

const valueOf = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
  address.toByteArray().reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);

/** The addresses one allowed range covers (an address, a CIDR block or "first-last"). */
function spanOf(range: string): Span {
  const dash = range.indexOf('-');
  if (dash > 0) {
    const first = ipaddr.process(range.slice(0, dash));
    return {
      kind: first.kind(),
      first: valueOf(first),
      last: valueOf(ipaddr.process(range.slice(dash + 1))),
    };
  }
  if (range.includes('/')) {
    const [address] = ipaddr.parseCIDR(range);
    const family = address.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6;
    return {
      kind: address.kind(),
      first: valueOf(family.networkAddressFromCIDR(range)),
      last: valueOf(family.broadcastAddressFromCIDR(range)),
    };
  }
  const single = ipaddr.process(range);
  return { kind: single.kind(), first: valueOf(single), last: valueOf(single) };
}

/** Overlapping and adjacent spans of one family joined, so a child range may straddle two parent ranges. */
function merged(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) =>
    a.kind !== b.kind ? a.kind.localeCompare(b.kind) : a.first < b.first ? -1 : 1,
  );
  const out: Span[] = [];
  for (const span of sorted) {
    const previous = out.at(-1);
    if (previous && previous.kind === span.kind && span.first <= previous.last + 1n) {
      if (span.last > previous.last) previous.last = span.last;
    } else out.push({ ...span });
  }
  return out;
}

/** The ranges of `child` that some range of `parent` does not cover (empty when child ⊆ parent). */
export function rangesOutside(child: string[], parent: string[]): string[] {
  const cover = merged(parent.map(spanOf));
  return child.filter((range) => {
    const span = spanOf(range);
    return !cover.some(
      (outer) => outer.kind === span.kind && outer.first <= span.first && span.last <= outer.last,
    );
  });
}
