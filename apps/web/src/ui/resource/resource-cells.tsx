import { Badge, Group, Stack, Text } from "@mantine/core";
import type { ColumnSpec } from "@taleem/contract";
import type { ReactNode } from "react";
import { formatDate, formatNumber } from "../../lib/format";
import { formatMinor } from "./money";

const STATUS_COLOR: Record<string, string> = { active: "teal", inactive: "gray" };

/** A tag's text: a string, or an object's name (a user's profiles by roleName). */
const tagText = (v: unknown) =>
  typeof v === "object" && v !== null ? String((v as { roleName?: string; name?: string }).roleName ?? (v as { name?: string }).name ?? "") : String(v);

const tagKey = (v: unknown) => (typeof v === "object" && v !== null && "id" in v ? String((v as { id: unknown }).id) : tagText(v));

/** The standard rendering of a column by its kind; screens override single columns through `cells`. */
export function defaultCell(
  column: ColumnSpec,
  value: unknown,
  words: { option: (field: string, v: string) => string; yes: string; no: string; translated: boolean },
  row: Record<string, unknown> = {},
): ReactNode {
  if (value === null || value === undefined || value === "") {
    return (
      <Text span c="dimmed" aria-hidden>
        —
      </Text>
    );
  }
  switch (column.kind) {
    case "status":
      // Never shortened: a status cut to "Act..." says nothing.
      return (
        <Badge variant="dot" color={STATUS_COLOR[String(value)] ?? "blue"} style={{ flexShrink: 0, maxWidth: "none", overflow: "visible" }}>
          {words.option(column.key, String(value))}
        </Badge>
      );
    case "date":
      return <bdi>{formatDate(String(value))}</bdi>;
    case "number":
      return <bdi>{formatNumber(Number(value))}</bdi>;
    case "money":
      // Left to right and isolated: "₹1,250" keeps its sign in front inside right-to-left text.
      return (
        <bdi dir="ltr" style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
          {formatMinor(Number(value))}
        </bdi>
      );
    case "year":
      return <bdi>{formatNumber(Number(value), { useGrouping: false })}</bdi>;
    case "phone":
      // Isolated and left to right: "+966 50..." keeps its plus in front inside right-to-left text.
      return <bdi dir="ltr">{String(value)}</bdi>;
    case "name": {
      const native = row[`${column.key}Native`];
      return (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            <bdi>{String(value)}</bdi>
          </Text>
          {typeof native === "string" && native && (
            <Text size="sm" c="dimmed">
              <bdi dir="auto">{native}</bdi>
            </Text>
          )}
        </Stack>
      );
    }
    case "boolean":
      return (
        <Badge variant="dot" color={value ? "teal" : "gray"}>
          {value ? words.yes : words.no}
        </Badge>
      );
    case "tags":
      return (
        <Group gap={4}>
          {(Array.isArray(value) ? value : [value]).map((v) => (
            <Badge key={tagKey(v)} variant="outline" size="sm">
              {tagText(v)}
            </Badge>
          ))}
        </Group>
      );
    default:
      // Isolated, so a Latin name in a right-to-left page keeps its brackets where they belong.
      return words.translated ? words.option(column.key, String(value)) : <bdi>{String(value)}</bdi>;
  }
}
