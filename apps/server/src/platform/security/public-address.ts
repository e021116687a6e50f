import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

const privateRanges = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  privateRanges.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127],
  // NAT64: an IPv4 address behind an IPv6 one.
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  privateRanges.addSubnet(net, bits, "ipv6");

/** Whether an address is private, loopback, link-local, CGNAT or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (!family) return true;
  return privateRanges.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A URL's host as an address, without IPv6's brackets; undefined for a name. */
const addressOf = (hostname: string) => {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(bare) ? bare : undefined;
};

/** Whether a URL's host is an address (not a name) that is not public. A connection never looks such a host up. */
export function isPrivateLiteral(hostname: string): boolean {
  const address = addressOf(hostname);
  return address !== undefined && isPrivateAddress(address);
}

/**
 * Whether a URL's host is, or now resolves to, an address that is not public. A name that does not
 * resolve now is not refused here: `publicOnlyLookup` checks it again when a connection is made.
 */
export async function isPrivateHost(hostname: string): Promise<boolean> {
  if (addressOf(hostname)) return isPrivateLiteral(hostname);
  const found = await lookup(hostname, { all: true }).catch(() => []);
  return found.some((a) => isPrivateAddress(a.address));
}

/** A DNS lookup that refuses private addresses at connect time, so a rebinding name cannot slip past. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || !list.length) return callback(Object.assign(new Error(`refused private address for ${hostname}`), { code: "EPRIVATE" }), "", 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
