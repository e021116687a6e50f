import { Group, NumberInput, Paper, Stack, Switch, Title } from "@mantine/core";
import { attendanceCodeResource, getAttendanceRules, updateAttendanceRules } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ResourceList } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";

const standard = (row: { id: number }) => !(row as { builtinKey?: string | null }).builtinKey;

/** The school's codes (each with its fixed meaning, one the default) and how it counts attendance. */
export function AttendanceCodesPage() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const can = useCan();
  const rules = useActionQuery(getAttendanceRules, {});
  const save = useAction(updateAttendanceRules);
  const change = (body: Parameters<typeof save.mutate>[0]["body"]) =>
    save.mutate({ body }, { onSuccess: () => notify.success(t("rules.saved")), onError: (e) => notify.error(errorText(e)) });
  const r = rules.data?.data;
  const disabled = !can("settings", "edit") || !r;
  return (
    <Stack gap="lg">
      <ResourceList definition={attendanceCodeResource} canDelete={standard} />
      <Paper withBorder p="md" radius="md" maw={640}>
        <Title order={4} mb="sm">
          {t("rules.title")}
        </Title>
        {r && (
          <Stack gap="sm">
            <Group grow>
              <NumberInput
                label={t("rules.editDays")}
                min={0}
                max={365}
                defaultValue={r.editDays}
                disabled={disabled}
                onBlur={(e) => change({ editDays: Number(e.currentTarget.value) })}
              />
              <NumberInput
                label={t("rules.minimumPercent")}
                min={0}
                max={100}
                defaultValue={r.minimumPercent}
                disabled={disabled}
                onBlur={(e) => change({ minimumPercent: Number(e.currentTarget.value) })}
              />
            </Group>
            <Switch
              label={t("rules.excusedCountsPresent")}
              checked={r.excusedCountsPresent}
              disabled={disabled}
              onChange={(e) => change({ excusedCountsPresent: e.currentTarget.checked })}
            />
            <Switch
              label={t("rules.absenceAlerts")}
              checked={r.absenceAlerts}
              disabled={disabled}
              onChange={(e) => change({ absenceAlerts: e.currentTarget.checked })}
            />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
