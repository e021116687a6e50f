import { describe, expect, it } from "vitest";
import { inReadersScript, nameForReader } from "./reader-name";

const child = (nameNative: string | null) => ({ name: "Aysha", nameNative });

describe("a name as its reader reads it", () => {
  it("gives the name in the reader's own script, else the Latin one", () => {
    expect(nameForReader(child("عائشہ"), "ur")).toBe("عائشہ");
    expect(nameForReader(child("عائشة"), "ar")).toBe("عائشة");
    expect(nameForReader(child("ആയിഷ"), "ml")).toBe("ആയിഷ");
    expect(nameForReader(child("ஆயிஷா"), "ta")).toBe("ஆயிஷா");
    // Another script than the reader's: the Latin name, never letters the reader may not read.
    expect(nameForReader(child("ஆயிஷா"), "ur")).toBe("Aysha");
    expect(nameForReader(child("ആയിഷ"), "ar")).toBe("Aysha");
    expect(nameForReader(child("عائشہ"), "ml")).toBe("Aysha");
    expect(nameForReader(child("عائشہ"), "en")).toBe("Aysha");
    expect(nameForReader(child(null), "ur")).toBe("Aysha");
  });

  it("knows Urdu and Arabic read the same letters", () => {
    expect(inReadersScript("عائشہ", "ar")).toBe(true);
    expect(inReadersScript("عائشة", "ur")).toBe(true);
    expect(inReadersScript("Aysha", "ur")).toBe(false);
  });
});
