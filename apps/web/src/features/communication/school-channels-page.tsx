import { Button, Checkbox, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { NotificationChannel, NotificationKind } from "@taleem/contract";
import { NOTIFICATION_CHANNELS } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { useErrorText } from "../../ui/api-error";
import { FailureState, LoadingState } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";
import { useSchoolChannels, useSetSchoolChannels } from "./use-notification-channels";

type Setting = { kind: NotificationKind; channels: NotificationChannel[]; compulsory: NotificationChannel[] };

/**
 * The school's notification settings: per kind, the channels a person starts with and those
 * nobody may turn off (an absence by SMS, say). SMS, WhatsApp and e-mail cost the school.
 */
export function SchoolChannelsPage() {
  const { t } = useTranslation("communication");
  const errorText = useErrorText();
  const allowed = useCan();
  const current = useSchoolChannels();
  const save = useSetSchoolChannels();
  const [settings, setSettings] = useState<Setting[]>([]);
  useEffect(() => {
    if (current.data) setSettings(current.data.rows);
  }, [current.data]);

  if (current.isPending) return <LoadingState text={t("channels.loading")} />;
  if (current.isError) return <FailureState reason={errorText(current.error)} onRetry={() => void current.refetch()} />;
  const editable = allowed("communication", "edit");

  const change = (kind: NotificationKind, channel: NotificationChannel, what: "channels" | "compulsory", on: boolean) =>
    setSettings((all) =>
      all.map((s) => {
        if (s.kind !== kind) return s;
        const add = (list: NotificationChannel[]) => (list.includes(channel) ? list : [...list, channel]);
        const drop = (list: NotificationChannel[]) => list.filter((c) => c !== channel);
        // A compulsory channel is a default one too; a channel no longer default cannot stay compulsory.
        if (what === "compulsory") return on ? { ...s, channels: add(s.channels), compulsory: add(s.compulsory) } : { ...s, compulsory: drop(s.compulsory) };
        return on ? { ...s, channels: add(s.channels) } : { ...s, channels: drop(s.channels), compulsory: drop(s.compulsory) };
      }),
    );
  const submit = () =>
    save.mutate({ body: { settings } }, { onSuccess: () => notify.success(t("channels.saved")), onError: (e) => notify.error(errorText(e)) });

  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={2}>{t("schoolChannels.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("schoolChannels.hint")}
        </Text>
      </div>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("kind")}</Table.Th>
              {NOTIFICATION_CHANNELS.map((c) => (
                <Table.Th key={c} ta="center">
                  {t(`channels.names.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.map((s) => (
              <Table.Tr key={s.kind}>
                <Table.Td>{t(`kinds.${s.kind}`)}</Table.Td>
                {NOTIFICATION_CHANNELS.map((c) => {
                  const label = `${t(`kinds.${s.kind}`)}, ${t(`channels.names.${c}`)}`;
                  return (
                    <Table.Td key={c}>
                      <Stack gap={4} align="center">
                        <Checkbox
                          size="xs"
                          label={t("schoolChannels.default")}
                          aria-label={`${label}: ${t("schoolChannels.default")}`}
                          checked={s.channels.includes(c)}
                          disabled={!editable}
                          onChange={(e) => change(s.kind, c, "channels", e.currentTarget.checked)}
                        />
                        <Checkbox
                          size="xs"
                          label={t("schoolChannels.compulsory")}
                          aria-label={`${label}: ${t("schoolChannels.compulsory")}`}
                          checked={s.compulsory.includes(c)}
                          disabled={!editable}
                          onChange={(e) => change(s.kind, c, "compulsory", e.currentTarget.checked)}
                        />
                      </Stack>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editable && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t("schoolChannels.save")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
