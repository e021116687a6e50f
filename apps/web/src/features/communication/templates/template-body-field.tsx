import { Badge, Group, Stack, Text, Textarea, UnstyledButton } from "@mantine/core";
import { readPlaceholders, TEMPLATE_PLACEHOLDERS } from "@taleem/contract";
import { useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A template's text with the placeholders it may use as chips: a chip puts {{name}} where the
 * cursor is. Names the server would refuse are shown at once, before saving.
 */
export function TemplateBodyField({ value, onChange, error, label }: { value: unknown; onChange: (v: unknown) => void; error?: string; label: string }) {
  const { t } = useTranslation("forms");
  const area = useRef<HTMLTextAreaElement>(null);
  const text = String(value ?? "");
  const { names, unknown, unclosed } = readPlaceholders(text);

  const insert = (name: string) => {
    const el = area.current;
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    onChange(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const problem = unknown.length
    ? t("templates.unknownPlaceholders", { names: unknown.map((n) => `{{${n}}}`).join(", ") })
    : unclosed
      ? t("templates.unclosed")
      : null;

  return (
    <Stack gap={6}>
      <Textarea
        ref={area}
        label={label}
        withAsterisk
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error ?? problem}
        autosize
        minRows={6}
        maxRows={18}
        name="body"
        dir="auto"
      />
      <Text size="xs" c="dimmed" id="placeholder-chips">
        {t("templates.chipsHint")}
      </Text>
      <Group gap={6} role="group" aria-labelledby="placeholder-chips">
        {TEMPLATE_PLACEHOLDERS.map((p) => (
          <UnstyledButton key={p} onClick={() => insert(p)} aria-label={t("templates.insert", { name: t(`templates.placeholders.${p}`) })}>
            <Badge variant={names.includes(p) ? "filled" : "light"} tt="none" style={{ cursor: "pointer" }}>
              {t(`templates.placeholders.${p}`)}
            </Badge>
          </UnstyledButton>
        ))}
      </Group>
    </Stack>
  );
}
