import { Alert, Button, Checkbox, Group, Stack, Table, Text } from "@mantine/core";
import { IconDeviceMobile } from "@tabler/icons-react";
import type { NotificationChannel, PersonChannelRow } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { useErrorText } from "../../ui/api-error";
import { FailureState, LoadingState } from "../../ui/list-states";
import { useDevicePush, useMyChannels, useSetMyChannels } from "./use-notification-channels";

/**
 * The person's own choice, kind by kind, of how notifications reach them besides the list in the
 * app (always on): push, SMS, WhatsApp, e-mail. What the school made compulsory is ticked and
 * locked. Below, push on this very device.
 */
export function NotificationChannels() {
  const { t } = useTranslation("communication");
  const errorText = useErrorText();
  const prefs = useMyChannels();
  const save = useSetMyChannels();
  const device = useDevicePush();

  if (prefs.isPending) return <LoadingState text={t("channels.loading")} />;
  if (prefs.isError) return <FailureState reason={errorText(prefs.error)} onRetry={() => void prefs.refetch()} />;
  const { rows, available } = prefs.data;

  const toggle = (row: PersonChannelRow, channel: NotificationChannel, on: boolean) => {
    const channels = on ? [...row.channels, channel] : row.channels.filter((c) => c !== channel);
    save.mutate(
      { body: { choices: [{ kind: row.kind, channels }] } },
      { onSuccess: () => notify.success(t("channels.saved")), onError: (e) => notify.error(errorText(e)) },
    );
  };
  const reset = (row: PersonChannelRow) =>
    save.mutate({ body: { choices: [{ kind: row.kind, channels: null }] } }, { onError: (e) => notify.error(errorText(e)) });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("channels.hint")}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("kind")}</Table.Th>
              <Table.Th ta="center">{t("channels.names.app")}</Table.Th>
              {available.map((c) => (
                <Table.Th key={c} ta="center">
                  {t(`channels.names.${c}`)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.kind}>
                <Table.Td>{t(`kinds.${row.kind}`)}</Table.Td>
                <Table.Td>
                  <Checkbox checked disabled aria-label={`${t(`kinds.${row.kind}`)}: ${t("channels.names.app")}`} mx="auto" w="fit-content" />
                </Table.Td>
                {available.map((c) => {
                  const compulsory = row.compulsory.includes(c);
                  return (
                    <Table.Td key={c}>
                      <Checkbox
                        mx="auto"
                        w="fit-content"
                        checked={row.channels.includes(c)}
                        disabled={compulsory || save.isPending}
                        title={compulsory ? t("channels.compulsory") : undefined}
                        aria-label={`${t(`kinds.${row.kind}`)}: ${t(`channels.names.${c}`)}${compulsory ? ` (${t("channels.compulsory")})` : ""}`}
                        onChange={(e) => toggle(row, c, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  {row.chosen && (
                    <Button size="compact-xs" variant="subtle" onClick={() => reset(row)}>
                      {t("channels.useDefault")}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Alert variant="light" icon={<IconDeviceMobile size={18} />} title={t("channels.device.title")}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t(`channels.device.${device.state}`)}</Text>
          {device.state === "off" && (
            <Button size="xs" onClick={device.turnOn} loading={device.busy}>
              {t("channels.device.turnOn")}
            </Button>
          )}
          {device.state === "on" && (
            <Button size="xs" variant="default" onClick={device.turnOff} loading={device.busy}>
              {t("channels.device.turnOff")}
            </Button>
          )}
        </Group>
      </Alert>
    </Stack>
  );
}
