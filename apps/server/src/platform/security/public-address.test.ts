import { describe, expect, it } from "vitest";
import { isPrivateAddress, isPrivateHost, isPrivateLiteral } from "./public-address.js";

describe("public addresses", () => {
  it("knows private, loopback, link-local, CGNAT and unique-local addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["142.250.183.14", "8.8.8.8", "2607:f8b0:4004:800::200e", "::ffff:8.8.8.8"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("reads a URL's host as an address, brackets and all, and a name by what it resolves to", async () => {
    expect(isPrivateLiteral("[::1]")).toBe(true);
    expect(isPrivateLiteral("127.0.0.1")).toBe(true);
    expect(isPrivateLiteral("8.8.8.8")).toBe(false);
    expect(isPrivateLiteral("localhost")).toBe(false);
    expect(await isPrivateHost("[fd12::3]")).toBe(true);
    expect(await isPrivateHost("localhost")).toBe(true);
    expect(await isPrivateHost("8.8.8.8")).toBe(false);
  });
});
