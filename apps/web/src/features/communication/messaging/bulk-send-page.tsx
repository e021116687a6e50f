import { Alert, Badge, Button, Card, Group, MultiSelect, Progress, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconEye, IconSend } from "@tabler/icons-react";
import {
  bulkSendProgress,
  courseResource,
  type DocumentTemplateRow,
  documentTemplateResource,
  LANGUAGES,
  type MessageAudience,
  previewBulkMessage,
  sendBulkTemplateMessage,
  templateMessageKey,
  userResource,
} from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api, isApiError } from "../../../lib/api";
import { formatMoney, formatNumber } from "../../../lib/format";
import { useAction } from "../../../lib/use-action";
import { useJobProgress } from "../../../lib/use-job-progress";
import { useErrorText } from "../../../ui/api-error";
import { ClassroomsPicker } from "../../../ui/classroom-picker";
import { type ListReply, resourceUrl, useResourceOptions } from "../../../ui/resource";
import { STATUS_COLOURS } from "./message-logs-page";

type Kind = MessageAudience["kind"];
const KINDS: Kind[] = ["classrooms", "courses", "people"];
const SOURCES: Record<Exclude<Kind, "students" | "classrooms">, { path: string; label: string }> = {
  courses: { path: courseResource.path, label: "name" },
  people: { path: userResource.path, label: "name" },
};
const RTL = new Set(["ar", "ur"]);

const audienceOf = (kind: Kind, ids: number[]): MessageAudience =>
  kind === "classrooms"
    ? { kind, classroomIds: ids }
    : kind === "courses"
      ? { kind, courseIds: ids }
      : kind === "people"
        ? { kind, userIds: ids }
        : { kind, studentIds: ids };

/**
 * Each message once, whatever languages it is written in: the version in the reader's language
 * stands for it (else English, else the first), with the languages it has. The server sends each
 * parent the version in their own language, the chosen one where theirs has none.
 */
export function messagesOf(rows: DocumentTemplateRow[], reader: string): { row: DocumentTemplateRow; languages: string[] }[] {
  const groups = new Map<string, DocumentTemplateRow[]>();
  for (const r of rows) {
    const key = templateMessageKey(r);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((versions) => ({
    row: versions.find((v) => v.language === reader) ?? versions.find((v) => v.language === "en") ?? versions[0]!,
    languages: LANGUAGES.filter((l) => versions.some((v) => v.language === l)),
  }));
}

/** A fresh idempotency key per composed send: a double click or a retry of the same send sends once. */
const newClientId = () => `bulk-${crypto.randomUUID()}`;

/**
 * The bulk send: a template, an audience (the parents of classrooms or courses, or chosen
 * people), a preview in each recipient language with the cost against the wallet, then a job
 * whose bar follows the messages handed to the providers and whose result lists every recipient.
 */
export function BulkSendPage() {
  const { t, i18n } = useTranslation(["messaging", "admin"]);
  const errorText = useErrorText();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>("classrooms");
  const [ids, setIds] = useState<number[]>([]);
  const [clientId, setClientId] = useState(newClientId);
  const templates = useQuery({
    queryKey: ["messaging", "templates"],
    queryFn: () => api.get<ListReply<DocumentTemplateRow>>(resourceUrl(documentTemplateResource.path), { limit: 500, status: "active" }),
  });
  const source = kind === "classrooms" || kind === "students" ? undefined : SOURCES[kind];
  const options = useResourceOptions(source?.path, source?.label ?? "name");
  const preview = useAction(previewBulkMessage);
  const send = useAction(sendBulkTemplateMessage);
  const { progress, running, lost } = useJobProgress(bulkSendProgress, send.data?.job ?? null);

  const usable = messagesOf(
    (templates.data?.rows ?? []).filter((r) => r.channel !== "pdf"),
    i18n.language,
  );
  const ready = !!templateId && ids.length > 0;
  const body = ready ? { templateId: Number(templateId), audience: audienceOf(kind, ids) } : null;
  const changed = () => {
    preview.reset();
    send.reset();
    setClientId(newClientId());
  };
  const pick = (v: string[]) => {
    setIds(v.map(Number));
    changed();
  };
  const p = preview.data;
  const short = p ? p.cost > p.balance : false;
  const result = progress?.state === "done" ? progress.result : null;
  const sendError = send.error ?? lost;

  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={2}>{t("bulk.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("bulk.hint")}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Select
            label={t("bulk.template")}
            placeholder={templates.isPending ? t("bulk.loading") : t("bulk.chooseTemplate")}
            data={usable.map(({ row, languages }) => ({
              value: String(row.id),
              label: `${row.name} · ${t(`channels.${row.channel}`)} · ${languages.map((l) => t(`admin:options.language.${l}`, { defaultValue: l })).join(", ")}`,
            }))}
            value={templateId}
            onChange={(v) => {
              setTemplateId(v);
              changed();
            }}
            searchable
            nothingFoundMessage={t("bulk.nothing")}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("bulk.audience")}
            </Text>
            <SegmentedControl
              value={kind}
              onChange={(v) => {
                setKind(v as Kind);
                setIds([]);
                changed();
              }}
              data={KINDS.map((k) => ({ value: k, label: t(`bulk.kinds.${k}`) }))}
              fullWidth
            />
          </Stack>
          {kind === "classrooms" ? (
            <ClassroomsPicker
              label={t("bulk.pick.classrooms")}
              placeholder={t("bulk.pickPlaceholder")}
              value={ids.map(String)}
              onChange={pick}
              nothingFoundMessage={t("bulk.nothing")}
            />
          ) : (
            <MultiSelect
              label={t(`bulk.pick.${kind}`)}
              placeholder={options.isLoading ? t("bulk.loading") : t("bulk.pickPlaceholder")}
              data={options.options}
              value={ids.map(String)}
              onChange={pick}
              searchable
              clearable
              hidePickedOptions
              maxDropdownHeight={260}
              nothingFoundMessage={t("bulk.nothing")}
            />
          )}
          {kind !== "people" && (
            <Text size="xs" c="dimmed">
              {t("bulk.parentsHint")}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconEye size={16} />}
              disabled={!body}
              loading={preview.isPending}
              onClick={() => body && preview.mutate({ body })}
            >
              {t("bulk.preview")}
            </Button>
          </Group>
          {preview.error && <Alert color="red">{errorText(preview.error)}</Alert>}
        </Stack>
      </Card>

      {p && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label={t("bulk.recipients")} value={formatNumber(p.recipients)} />
              <Figure label={t("bulk.unreachable")} value={formatNumber(p.unreachable)} />
              <Figure label={t("bulk.cost")} value={formatMoney(p.cost, p.currency)} />
              <Figure label={t("bulk.balance")} value={formatMoney(p.balance, p.currency)} />
            </SimpleGrid>
            {short && (
              <Alert color="orange" icon={<IconAlertTriangle size={16} />}>
                {t("bulk.short", { cost: formatMoney(p.cost, p.currency), balance: formatMoney(p.balance, p.currency) })}{" "}
                <Link to="../messaging-wallet">{t("nav.wallet")}</Link>
              </Alert>
            )}
            {p.previews.map((v) => (
              <Card key={v.language} withBorder padding="sm" bg="var(--mantine-color-gray-0)">
                <Group justify="space-between" mb={4}>
                  <Text size="sm" fw={600}>
                    {t(`admin:options.language.${v.language}`, { defaultValue: v.language })}
                  </Text>
                  <Badge variant="default">{t("bulk.forRecipients", { count: v.recipients })}</Badge>
                </Group>
                <div lang={v.language} dir={RTL.has(v.language) ? "rtl" : "ltr"}>
                  {v.subject && <Text fw={600}>{v.subject}</Text>}
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {v.body}
                  </Text>
                </div>
              </Card>
            ))}
            <Group>
              <Button
                leftSection={<IconSend size={16} />}
                disabled={!body || short || running || !!result || p.recipients === 0}
                loading={send.isPending || running}
                onClick={() => body && send.mutate({ body: { ...body, clientId } })}
              >
                {t("bulk.send", { count: p.recipients })}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}

      {sendError && <Alert color="red">{isApiError(sendError) ? errorText(sendError) : t("bulk.lost")}</Alert>}
      {progress?.error && <Alert color="red">{progress.error.message}</Alert>}
      {running && send.data && (
        <Stack gap={4}>
          <Progress value={send.data.total ? ((progress?.done ?? 0) / send.data.total) * 100 : 100} size="lg" animated aria-label={t("bulk.progressLabel")} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("bulk.progress", { done: formatNumber(progress?.done ?? 0), total: formatNumber(send.data.total) })}
          </Text>
        </Stack>
      )}
      {result && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 3 }}>
              <Figure label={t("bulk.sent")} value={formatNumber(result.sent)} />
              <Figure label={t("bulk.failed")} value={formatNumber(result.failed)} />
              <Figure label={t("bulk.skipped")} value={formatNumber(result.skipped)} />
            </SimpleGrid>
            <Text size="sm">
              <Link to={`../message-log?bulkSendId=${result.bulkSendId}`}>{t("bulk.followInLog")}</Link>
            </Text>
            <Table.ScrollContainer type="native" tabIndex={0} aria-label={t("bulk.results")} minWidth={480}>
              <Table verticalSpacing={4} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("bulk.name")}</Table.Th>
                    <Table.Th>{t("bulk.address")}</Table.Th>
                    <Table.Th>{t("bulk.status")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.recipients.map((r, i) => (
                    <Table.Tr key={`${r.userId}-${r.messageLogId ?? i}`}>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td dir="ltr">{r.recipient ?? "—"}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOURS[r.status]} variant="dot" title={r.error ?? undefined}>
                          {t(`log.options.status.${r.status}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}
