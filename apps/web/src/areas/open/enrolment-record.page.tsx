import { Avatar, Badge, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPrinter, IconShieldCheck } from "@tabler/icons-react";
import { type EnrolmentPublicRecord, verifyEnrolmentRecord } from "@taleem/contract";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LanguageSwitcher } from "../../app/language-switcher";
import { isApiError } from "../../lib/api";
import { callAction } from "../../lib/call-action";
import { errorText } from "../../lib/error-text";
import { formatDate, formatDateTime } from "../../lib/format";
import { STATUS_COLOR } from "../../ui/enrolment/enrolment-status";
// The public pages carry only the base styles (app/styles.ts): this page adds what it uses beyond them.
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/SimpleGrid.css";

/** GET admin/open/enrollment/record/{record}/{code}: the public record and the enrolment's dates. */

// On paper: no language bar or buttons, no grey page or shadow, and the card uses the full width.
const PRINT_CSS = `
@media print {
  [data-print="hide"] { display: none !important; }
  [data-print="page"] { background: none !important; min-height: 0 !important; }
  [data-print="main"] { max-width: none !important; }
  [data-print="card"] { box-shadow: none !important; }
}`;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="md" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The record, once per address; a failure other than "not found" can be tried again. */
function usePublicRecord(record: string, code: string) {
  const [data, setData] = useState<EnrolmentPublicRecord | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const load = useCallback(async () => {
    setError(null);
    setData(null);
    try {
      const r = await callAction(verifyEnrolmentRecord, { params: { record, code } });
      setData(r.data);
      setCheckedAt(new Date());
    } catch (e) {
      setError(e);
    }
  }, [record, code]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, error, checkedAt, load };
}

/**
 * /open/enrollment/:record/:code: a student's enrolment as the school keeps it, reached by the
 * unguessable link the school shares, so a parent or another school can check it without an
 * account. Shows only what the server shares; prints cleanly on one page.
 */
export function EnrolmentRecordPage() {
  const { t } = useTranslation("forms");
  const { record = "", code = "" } = useParams();
  const { data, error, checkedAt, load } = usePublicRecord(record, code);
  // A malformed link (400) is as absent as a withdrawn one (404): both need a new link.
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);

  useEffect(() => {
    document.title = data ? `${t("enrolmentRecord.title")} · ${data.name}` : t("enrolmentRecord.title");
  }, [data, t]);

  return (
    <Stack mih="100dvh" bg="gray.0" gap={0} data-print="page">
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" px="sm" py="xs" gap="xs" data-print="hide">
        {data ? (
          <Button variant="default" size="xs" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t("enrolmentRecord.print")}
          </Button>
        ) : (
          <span />
        )}
        <LanguageSwitcher />
      </Group>
      <Box component="main" px={{ base: 8, sm: "md" }} pb="xl" w="100%" maw={600} mx="auto" data-print="main">
        {!data && !error && (
          <Center py="xl" role="status">
            <Loader size="sm" aria-label={t("enrolmentRecord.loading")} />
          </Center>
        )}
        {error != null && (
          <Paper withBorder radius="lg" p="lg">
            <Stack align="center" ta="center" gap="sm" role="alert" data-testid="record-missing">
              <Title order={1} size="h3">
                {missing ? t("enrolmentRecord.notFoundTitle") : t("enrolmentRecord.loadFailed")}
              </Title>
              <Text c="dimmed">{missing ? t("enrolmentRecord.notFoundText") : errorText(error)}</Text>
              {!missing && (
                <Button variant="default" onClick={() => void load()}>
                  {t("enrolmentRecord.retry")}
                </Button>
              )}
            </Stack>
          </Paper>
        )}
        {data && (
          <Paper withBorder shadow="sm" radius="lg" p={{ base: "md", sm: "xl" }} data-print="card" data-testid="enrolment-record">
            <Stack gap="lg">
              <Group gap="xs" wrap="nowrap" c="teal.9">
                <IconShieldCheck size={22} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" fw={600}>
                  {t("enrolmentRecord.source", { school: `\u2068${data.school}\u2069` })}
                </Text>
              </Group>
              <Group gap="md" wrap="nowrap" align="center">
                <Avatar alt="" size={72} radius="xl" color="teal">
                  {data.name.charAt(0).toLocaleUpperCase()}
                </Avatar>
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {t("enrolmentRecord.title")}
                  </Text>
                  <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }} data-testid="record-name">
                    <bdi>{data.name}</bdi>
                  </Title>
                  <Badge variant="light" size="lg" tt="none" color={STATUS_COLOR[data.status] ?? "gray"} style={{ alignSelf: "flex-start" }}>
                    {t(`enrolmentRecord.status.${data.status}`)}
                  </Badge>
                </Stack>
              </Group>
              <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" m={0}>
                <Item label={t("enrolmentRecord.fields.school")}>
                  <bdi>{data.school}</bdi>
                </Item>
                <Item label={t("enrolmentRecord.fields.class")}>
                  <bdi>{data.class}</bdi>
                </Item>
                <Item label={t("enrolmentRecord.fields.batch")}>
                  <bdi>{data.batch}</bdi>
                </Item>
                <Item label={t("enrolmentRecord.fields.startedOn")}>{formatDate(data.startedOn)}</Item>
                <Item label={t("enrolmentRecord.fields.endedOn")}>{data.endedOn ? formatDate(data.endedOn) : t("enrolmentRecord.stillEnrolled")}</Item>
              </SimpleGrid>
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t("enrolmentRecord.note")}
                </Text>
                {checkedAt && (
                  <Text size="xs" c="dimmed">
                    {t("enrolmentRecord.checkedAt", { when: formatDateTime(checkedAt) })}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Paper>
        )}
      </Box>
    </Stack>
  );
}
