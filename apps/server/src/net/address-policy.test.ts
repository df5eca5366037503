import { describe, expect, it } from "vitest";
import { AllowList, refusedAddressReason, refusedHostReason } from "./address-policy.js";

describe("refusedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["::1", "unspecified or loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["169.254.10.10", "link-local"],
    ["fe80::1", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified or loopback"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["169.254.169.254", "cloud metadata address"],
    ["fd00:ec2::254", "cloud metadata address"],
    ["fd00:ec2:0:0:0:0:0:254", "cloud metadata address"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "cloud metadata address"],
    ["0:0:0:0:0:ffff:192.168.0.1", "private"],
    ["::7f00:1", "unspecified or loopback"],
    // Tunnels and translators that can carry a private IPv4 address inside.
    ["2002:7f00:1::", "6to4"],
    ["2002:a00:1::1", "6to4"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001::1", "Teredo"],
    ["64:ff9b::7f00:1", "NAT64"],
    ["64:ff9b::8.8.8.8", "NAT64"],
    ["64:ff9b:1::a00:1", "NAT64"],
    ["::ffff:0:7f00:1", "IPv4-translated"],
    ["::ffff:0:10.0.0.1", "IPv4-translated"],
    ["100::1", "discard"],
    ["100::ffff:ffff:ffff:ffff", "discard"],
    ["2001:db8::1", "reserved"],
    ["2001:2::1", "benchmarking"],
    ["fec0::1", "site-local"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["198.18.0.1", "reserved"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "2001:4860:4860::8888",
    "2a00:1450:4001::200e",
    "100:0:0:1::1",
  ])("lets the public address %s through", (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });
});

describe("refusedHostReason", () => {
  it("refuses metadata and localhost names, case and trailing dot aside", () => {
    expect(refusedHostReason("metadata.google.internal")).toBe("cloud metadata host");
    expect(refusedHostReason("Metadata.Google.Internal.")).toBe("cloud metadata host");
    expect(refusedHostReason("localhost")).toBe("loopback");
    expect(refusedHostReason("api.localhost")).toBe("loopback");
    expect(refusedHostReason("example.com")).toBeUndefined();
  });
});

describe("AllowList", () => {
  it("matches names, addresses and CIDR ranges, including IPv4-mapped forms", () => {
    const allow = new AllowList(["Hooks.LAN", "127.0.0.1", "10.0.0.0/8", "[fd00::1]", "fe80::/10"]);
    expect(allow.allowsHost("hooks.lan")).toBe(true);
    expect(allow.allowsHost("other.lan")).toBe(false);
    expect(allow.allowsAddress("127.0.0.1")).toBe(true);
    expect(allow.allowsAddress("::ffff:127.0.0.1")).toBe(true);
    expect(allow.allowsAddress("127.0.0.2")).toBe(false);
    expect(allow.allowsAddress("10.20.30.40")).toBe(true);
    expect(allow.allowsAddress("fd00::1")).toBe(true);
    expect(allow.allowsAddress("fe80::abcd")).toBe(true);
    expect(allow.allowsAddress("192.168.0.1")).toBe(false);
  });
});
