import { Anchor, Code, Collapse, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The field's key, a technical name a principal need not think about: made from the label and
 * shown as a line of text; "Change" opens it for those who name their import columns themselves.
 * Fixed once the field exists (stored values are kept under it).
 */
export function KeyLine({
  value,
  fixed,
  open,
  error,
  onOpen,
  onChange,
}: {
  value: string;
  fixed: boolean;
  open: boolean;
  error?: string;
  onOpen: () => void;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation("forms");
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {t("customFields.keyLine")}
        </Text>
        {value ? (
          <Code dir="ltr" data-testid="field-key">
            {value}
          </Code>
        ) : (
          <Text size="xs" c="dimmed" fs="italic">
            {t("customFields.keyAuto")}
          </Text>
        )}
        {!fixed && !open && (
          <Anchor component="button" type="button" size="xs" onClick={onOpen}>
            {t("customFields.keyChange")}
          </Anchor>
        )}
      </Group>
      <Collapse expanded={open && !fixed}>
        <TextInput
          label={t("customFields.fields.key")}
          description={t("customFields.keyHint")}
          value={value}
          maxLength={40}
          error={error}
          name="key"
          dir="ltr"
          onChange={(e) => onChange(e.currentTarget.value)}
          maw={360}
        />
      </Collapse>
    </Stack>
  );
}
