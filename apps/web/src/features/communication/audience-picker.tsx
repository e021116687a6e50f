import { Chip, Group, MultiSelect, Stack, Text } from "@mantine/core";
import { ANNOUNCEMENT_AUDIENCES, type AnnouncementAudience } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { ClassroomsPicker } from "../../ui/classroom-picker";
import { useAudienceOptions } from "./use-announcements";

interface Props {
  audience: AnnouncementAudience;
  ids: number[];
  onChange: (audience: AnnouncementAudience, ids: number[]) => void;
  error?: string;
}

/** Who an announcement goes to: the whole school, or chosen courses, classrooms, student groups, roles or people. */
export function AudiencePicker({ audience, ids, onChange, error }: Props) {
  const { t } = useTranslation("announcements");
  const options = useAudienceOptions(audience);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="audience-label">
        {t("fields.audience")}
      </Text>
      <Chip.Group multiple={false} value={audience} onChange={(v) => onChange(v as AnnouncementAudience, [])}>
        <Group gap="xs" wrap="wrap" role="radiogroup" aria-labelledby="audience-label">
          {ANNOUNCEMENT_AUDIENCES.map((a) => (
            <Chip key={a} value={a} size="sm">
              {t(`options.audience.${a}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {audience === "classrooms" && (
        <ClassroomsPicker
          label={t("pick.classrooms")}
          placeholder={t("pick.placeholder")}
          value={ids.map(String)}
          onChange={(v) => onChange(audience, v.map(Number))}
          error={error}
          nothingFoundMessage={t("pick.nothing")}
        />
      )}
      {audience !== "school" && audience !== "classrooms" && (
        <MultiSelect
          label={t(`pick.${audience}`)}
          placeholder={options.isLoading ? t("pick.loading") : t("pick.placeholder")}
          data={options.options}
          value={ids.map(String)}
          onChange={(v) => onChange(audience, v.map(Number))}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={260}
          error={error}
          nothingFoundMessage={t("pick.nothing")}
        />
      )}
      {audience === "classrooms" || audience === "courses" || audience === "groups" ? (
        <Text size="xs" c="dimmed">
          {t("pick.parentsHint")}
        </Text>
      ) : null}
    </Stack>
  );
}
