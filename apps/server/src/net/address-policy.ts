import { BlockList, isIP } from "node:net";

/** Host names that reach cloud instance metadata services without resolving to a private IP. */
const metadataHosts = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
]);

/** Ranges a user-supplied URL may never reach unless allow-listed. */
const refusedV4: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];
const refusedV6: [string, number, string][] = [
  // :: and ::1, and the deprecated IPv4-compatible forms (::a.b.c.d).
  ["::", 96, "unspecified or loopback"],
  ["64:ff9b::", 96, "NAT64"],
  ["fc00::", 7, "private"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

const refused = new BlockList();
const reasons: { list: BlockList; reason: string }[] = [];
for (const [net, prefix, reason] of refusedV4) {
  refused.addSubnet(net, prefix, "ipv4");
  const one = new BlockList();
  one.addSubnet(net, prefix, "ipv4");
  reasons.push({ list: one, reason });
}
for (const [net, prefix, reason] of refusedV6) {
  refused.addSubnet(net, prefix, "ipv6");
  const one = new BlockList();
  one.addSubnet(net, prefix, "ipv6");
  reasons.push({ list: one, reason });
}

/** Metadata endpoints named explicitly, so the reason says so (they are also in ranges above). */
const metadataAddresses = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx). */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return address;
}

function normalizeV6(address: string): string {
  // Expand to compare textual forms of the metadata address (fd00:ec2:0::254 …).
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = address.includes("::") ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(fill).fill("0"), ...right]
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":");
}

/** A compiled allow list: host names, single addresses and CIDR ranges. */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly ranges = new BlockList();

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, "");
      if (!entry) continue;
      const [net = "", prefix] = entry.split("/");
      const family = isIP(net);
      if (family === 0) {
        this.names.add(entry.replace(/\.$/, ""));
      } else if (prefix === undefined) {
        this.ranges.addAddress(unmapped(net), isIP(unmapped(net)) === 4 ? "ipv4" : "ipv6");
      } else {
        this.ranges.addSubnet(net, Number(prefix), family === 4 ? "ipv4" : "ipv6");
      }
    }
  }

  /** True when the host name itself is listed. */
  allowsHost(host: string): boolean {
    return this.names.has(host.toLowerCase().replace(/\.$/, ""));
  }

  /** True when the address (or the IPv4 address it maps) is in a listed address or range. */
  allowsAddress(address: string): boolean {
    const plain = unmapped(address);
    return this.ranges.check(plain, isIP(plain) === 4 ? "ipv4" : "ipv6");
  }
}

/** Why a host name may not be fetched, or undefined when its name alone is fine. */
export function refusedHostReason(host: string): string | undefined {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (metadataHosts.has(name)) return "cloud metadata host";
  if (name === "localhost" || name.endsWith(".localhost")) return "loopback";
  return undefined;
}

/** Why an IP address may not be fetched (loopback, private…), or undefined when it is public. */
export function refusedAddressReason(address: string): string | undefined {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  const key = family === 4 ? plain : normalizeV6(plain);
  if (metadataAddresses.has(key) || (family === 6 && key === normalizeV6("fd00:ec2::254")))
    return "cloud metadata address";
  if (!refused.check(plain, type)) return undefined;
  return reasons.find(({ list }) => list.check(plain, type))?.reason ?? "refused range";
}
