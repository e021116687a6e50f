import { Text, type TextProps } from "@mantine/core";

/**
 * A name in the student's own script (Arabic, Urdu, Malayalam, Tamil): an isolated run whose
 * direction follows its letters (dir="auto"), placed where the page's own direction puts it.
 */
export function NativeName({ value, ...props }: TextProps & { value: string | null | undefined }) {
  if (!value) {
    return (
      <Text span c="dimmed" aria-hidden>
        —
      </Text>
    );
  }
  return (
    <Text span size="md" {...props}>
      <bdi dir="auto">{value}</bdi>
    </Text>
  );
}
