import { Badge, Text, type TextProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatMinor } from "./resource";

/** An amount in minor units, isolated left to right: "₹1,250" keeps its sign in front in Urdu and Arabic. */
export function Money({ value, currency, ...props }: { value: number | null | undefined; currency?: string } & TextProps) {
  return (
    <Text span inherit={!props.size} {...props}>
      <bdi dir="ltr" style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {formatMinor(value ?? 0, currency)}
      </bdi>
    </Text>
  );
}

/** A receipt or invoice number, isolated so "R/2026-27/0042" reads the same in any page. */
export function DocNumber({ value }: { value: string | null | undefined }) {
  if (!value) return <span aria-hidden>—</span>;
  return (
    <bdi dir="ltr" style={{ whiteSpace: "nowrap" }}>
      {value}
    </bdi>
  );
}

const STATE_COLOR: Record<string, string> = {
  due: "blue.8",
  partlyPaid: "#8f5000",
  paid: "teal.9",
  overdue: "red.9",
  waived: "grape.8",
  cancelled: "gray.7",
  received: "#8f5000",
  confirmed: "teal.9",
  reversed: "gray.7",
  issued: "teal.9",
};

/** A due's state or a payment's status, in words and a colour that is not the only sign. */
export function StateBadge({ state, kind }: { state: string; kind: "due" | "payment" | "receipt" }) {
  const { t } = useTranslation("fees");
  return (
    <Badge variant="outline" color={STATE_COLOR[state] ?? "gray.7"} style={{ flexShrink: 0, maxWidth: "none" }}>
      {t(`states.${kind}.${state}`)}
    </Badge>
  );
}

/** An amount or a number put into a sentence, kept left to right as one piece (₹1,250 in an Urdu line). */
export const ltr = (s: string) => `\u2066${s}\u2069`;
