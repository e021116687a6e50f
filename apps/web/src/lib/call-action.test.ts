import * as contract from "@taleem/contract";
import { describe, expect, it } from "vitest";

describe("the calls made outside the signed-in areas", () => {
  it("each names the method and path of the declaration it is typed as", () => {
    for (const [name, call] of Object.entries(contract.sessionCalls)) {
      const declared = (contract as Record<string, unknown>)[name] as contract.AnyAction | undefined;
      expect(declared?.path, name).toBe(call.path);
      expect(declared?.method, name).toBe(call.method);
    }
  });
});
