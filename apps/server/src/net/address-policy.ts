import { BlockList, isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Host names that reach cloud instance metadata services without resolving to a private IP. */
const metadataHosts = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
]);

/**
 * Why each special-purpose range (as ipaddr.js names them, from the IANA registries) is refused.
 * Only global unicast is reachable; tunnel and translation prefixes (6to4, Teredo, NAT64,
 * IPv4-translated) are refused outright because they can carry a private IPv4 address inside.
 */
const rangeReasons: Record<string, string> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "carrier-grade NAT",
  private: "private",
  uniqueLocal: "private",
  reserved: "reserved",
  as112: "reserved",
  amt: "reserved",
  deprecatedSiteLocal: "site-local",
  discard: "discard",
  rfc6145: "IPv4-translated",
  rfc6052: "NAT64",
  "6to4": "6to4",
  teredo: "Teredo",
  benchmarking: "benchmarking",
  as112v6: "reserved",
  deprecatedOrchid: "reserved",
  orchid2: "reserved",
  droneRemoteIdProtocolEntityTags: "reserved",
  segmentRouting: "reserved",
};

/** Metadata endpoints named explicitly, so the reason says so (they are also in ranges above). */
const metadataAddresses = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

/** The address parsed, IPv4-mapped IPv6 (::ffff:a.b.c.d) read as the IPv4 address it maps. */
function parsePlain(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  return ipaddr.process(address);
}

/** The IPv4 address inside an IPv4-mapped IPv6 address, else the address as given. */
function unmapped(address: string): string {
  return parsePlain(address)?.toString() ?? address;
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
  const ip = isIP(address) === 0 ? undefined : parsePlain(address);
  if (!ip) return "not an IP address";
  if (metadataAddresses.has(ip.toNormalizedString()) || metadataAddresses.has(ip.toString()))
    return "cloud metadata address";
  const range = ip.range();
  if (range === "unicast") {
    // ::a.b.c.d, the deprecated IPv4-compatible form, is global unicast to ipaddr.js.
    if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).match(ipaddr.IPv6.parse("::"), 96))
      return "unspecified or loopback";
    return undefined;
  }
  if (ip.kind() === "ipv6" && (range === "loopback" || range === "unspecified"))
    return "unspecified or loopback";
  return rangeReasons[range] ?? "reserved";
}
