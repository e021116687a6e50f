import { NumberInput, type NumberInputProps } from "@mantine/core";
import { groupingStyle, minorDigits, schoolCurrency } from "./money";

/** The currency's sign as the school writes it (₹, AED), beside the amount typed. */
export function currencySign(currency: string = schoolCurrency()): string {
  try {
    const parts = new Intl.NumberFormat("en-IN", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0);
    return parts.find((p) => p.type === "currency")?.value ?? currency;
  } catch {
    return currency;
  }
}

export type MoneyInputProps = Omit<NumberInputProps, "value" | "onChange" | "decimalScale"> & {
  /** Major units as typed ("1250.50"). */
  value: string | number;
  onChange: (major: string) => void;
  currency?: string;
};

/**
 * An amount typed in major units (1250.50), grouped the school's way as it is typed; the form
 * sends it as minor units (ui/resource/money.ts). Left to right in any page, with the currency's sign.
 */
export function MoneyInput({ value, onChange, currency = schoolCurrency(), ...props }: MoneyInputProps) {
  const digits = minorDigits(currency);
  return (
    <NumberInput
      inputMode="decimal"
      dir="ltr"
      min={0}
      allowNegative={false}
      decimalScale={digits}
      allowDecimal={digits > 0}
      thousandSeparator=","
      thousandsGroupStyle={groupingStyle()}
      hideControls
      leftSection={<span aria-hidden>{currencySign(currency)}</span>}
      value={value}
      onChange={(v) => onChange(String(v))}
      {...props}
    />
  );
}
