import { type FieldSpec, feeResource } from "@taleem/contract";
import { afterEach, describe, expect, it } from "vitest";
import { setSchoolCountry } from "../../lib/format";
import { initialValues, toBody, validate } from "./form-values";
import { formatMinor, majorToMinor, minorDigits, minorToMajor } from "./money";

describe("money in minor units", () => {
  afterEach(() => setSchoolCountry("IN"));

  it("shows paise as rupees grouped in lakhs at an Indian school, and a whole amount without paise", () => {
    expect(formatMinor(12_345_678_950, "INR", "IN")).toBe("₹12,34,56,789.50");
    expect(formatMinor(125_000, "INR", "IN")).toBe("₹1,250");
    expect(formatMinor(5, "INR", "IN")).toBe("₹0.05");
  });

  it("groups in thousands where the country does, and counts a dinar's three decimals", () => {
    expect(formatMinor(12_345_678_950, "AED", "AE")).toMatch(/123,456,789\.50$/);
    expect(minorDigits("KWD")).toBe(3);
    expect(majorToMinor("12.5", "KWD")).toBe(12_500);
    expect(minorToMajor(12_345, "KWD")).toBe("12.345");
  });

  it("reads what a person types in major units as minor units, exactly", () => {
    expect(majorToMinor("1250.50", "INR")).toBe(125_050);
    expect(majorToMinor("1,25,050", "INR")).toBe(12_505_000);
    expect(majorToMinor(0.29, "INR")).toBe(29);
    expect(majorToMinor("۱۲۵۰", "INR")).toBe(125_000);
    expect(majorToMinor("12.345", "INR")).toBeNull();
    expect(majorToMinor("abc", "INR")).toBeNull();
    expect(minorToMajor(125_050, "INR")).toBe("1250.50");
    expect(minorToMajor(125_000, "INR")).toBe("1250");
  });

  it("a money field in the generic form takes 1250.50 and sends 125050; a bad amount is the field's problem", () => {
    const fields = feeResource.fields as readonly FieldSpec[];
    expect(fields.find((f) => f.key === "amount")?.kind).toBe("money");
    const empty = initialValues(feeResource, fields);
    const values = { ...empty, studentId: "4", head: "trip", name: "Zoo trip", dueDate: "2026-12-01", amount: "1250.50" };
    const body = toBody(fields, values, "create", empty);
    expect(body.amount).toBe(125_050);
    expect(validate(feeResource, "create", body)).toEqual([]);
    const wrong = toBody(fields, { ...values, amount: "12.345" }, "create", empty);
    expect(validate(feeResource, "create", wrong).map((i) => i.field)).toEqual(["amount"]);
    // Editing shows the saved paise as rupees, and sends nothing when the amount is left alone.
    const initial = initialValues(feeResource, fields, { ...values, amount: 125_050 });
    expect(initial.amount).toBe("1250.50");
    expect(toBody(fields, initial, "edit", initial, 9)).toEqual({ id: 9 });
  });
});
