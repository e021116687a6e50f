import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.js";

describe("configuration", () => {
  it("has working defaults", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3001);
    expect(c.production).toBe(false);
    expect(c.dataDir).toMatch(/data$/);
  });

  it("stops on a bad value and names it", () => {
    expect(() => parseConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SMTP_URL: "not a url" })).toThrow(/SMTP_URL/);
  });

  it("requires a secret in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/SECRET_KEY/);
    expect(parseConfig({ NODE_ENV: "production", SECRET_KEY: "x".repeat(32) }).production).toBe(true);
  });
});
