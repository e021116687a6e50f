import { Anchor, Avatar, Badge, Button, Group, Menu, Paper, SegmentedControl, SimpleGrid, Spoiler, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconChevronDown, IconDownload, IconFile, IconMail, IconSchool, IconUser, IconX } from "@tabler/icons-react";
import { actionUrl, type CustomFieldRow, downloadAdmissionPdf, getAdmission, LANGUAGES, type Language, languageOr, printAdmission } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../lib/api";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format";
import { directionOf, LANGUAGE_NAMES } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { saveFile } from "../../lib/save-file";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { FailureState, LoadingState } from "../../ui/list-states";
import { NativeName } from "../../ui/native-name";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { DecisionDialog, EnrolDialog, useSendLetter } from "./admission-actions";
import { ADMISSION_STATUS_COLOR } from "./admission-status";

type StoredFile = { path: string; name: string; type: string; size: number };
const isStoredFile = (v: unknown): v is StoredFile => typeof v === "object" && v !== null && "path" in v && typeof (v as StoredFile).path === "string";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || children === 0 ? (
          children
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/** A school's file, fetched with the session (an <img> alone may not carry it), as a local address. */
function usePrivateFile(path: string | null | undefined) {
  const file = useQuery({
    queryKey: ["upload", path],
    queryFn: () => api.download(path!),
    enabled: !!path,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const u = URL.createObjectURL(file.data.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file.data]);
  return url;
}

function FileLink({ file, label }: { file: StoredFile; label?: string | null }) {
  const { t } = useTranslation("admissions");
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const { blob } = await api.download(file.path, undefined, file.name);
      saveFile(blob, file.name);
    } catch (e) {
      notify.error(`${t("detail.fileFailed")} ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <IconFile size={16} aria-hidden />
      <Anchor component="button" type="button" size="sm" onClick={open} disabled={busy} style={{ overflowWrap: "anywhere", textAlign: "start" }}>
        {label ? `${label} · ` : ""}
        <bdi>{file.name}</bdi>
      </Anchor>
      <Text size="xs" c="dimmed" className="ltr-value">
        {formatNumber(Math.ceil(file.size / 1024))} KB
      </Text>
    </Group>
  );
}

/** A custom field's value as people read it. */
function CustomValue({ value, def }: { value: unknown; def?: CustomFieldRow }) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? "en";
  if (value === null || value === undefined || value === "") return null;
  if (isStoredFile(value)) return <FileLink file={value} />;
  const optionLabel = (v: unknown) => {
    const o = def?.options.find((x) => x.value === v);
    return (o?.labels as Record<string, string> | undefined)?.[lng] ?? o?.labels?.en ?? String(v);
  };
  if (Array.isArray(value)) return <bdi>{value.map(optionLabel).join(", ")}</bdi>;
  if (def?.kind === "date") return <>{formatDate(String(value))}</>;
  if (def?.kind === "choice") return <bdi>{optionLabel(value)}</bdi>;
  if (typeof value === "number") return <>{formatNumber(value)}</>;
  return <bdi style={{ whiteSpace: "pre-line" }}>{String(value)}</bdi>;
}

/** The printed application, as the PDF will be, in a sandbox that runs nothing. */
function PrintPreview({ id }: { id: number }) {
  const { t, i18n } = useTranslation("admissions");
  const errorText = useErrorText();
  const [lang, setLang] = useState<Language>(languageOr(i18n.resolvedLanguage));
  const [downloading, setDownloading] = useState(false);
  const print = useActionQuery(printAdmission, { params: { id }, query: { lang } });
  const download = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await api.download(actionUrl(downloadAdmissionPdf, { id }), { lang }, `admission-${id}.pdf`);
      saveFile(blob, filename);
    } catch {
      // The spec's words whatever went wrong (Chromium missing, a timeout): the school can only retry.
      notify.error(t("detail.pdfFailed"));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={3} size="h4">
          {t("detail.printTitle")}
        </Title>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={lang}
            onChange={(v) => setLang(v as Language)}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            aria-label={t("detail.printLanguage")}
          />
          <Button size="xs" leftSection={<IconDownload size={14} />} onClick={download} loading={downloading} data-testid="download-pdf">
            {t("detail.downloadPdf")}
          </Button>
        </Group>
      </Group>
      {print.isPending && <LoadingState text={t("detail.printLoading")} />}
      {print.isError && <FailureState reason={errorText(print.error)} onRetry={() => void print.refetch()} />}
      {print.data && (
        <iframe
          title={t("detail.printTitle")}
          sandbox=""
          srcDoc={print.data.html}
          style={{ width: "100%", height: 900, border: "1px solid var(--mantine-color-default-border)", borderRadius: 8, background: "white" }}
          data-testid="print-preview"
        />
      )}
    </Paper>
  );
}

/** One application: everything the guardian sent, the decision, letters and enrolment. */
export function AdmissionDetailPage() {
  const { t } = useTranslation(["admissions", "admin"]);
  const id = Number(useParams().id);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const [deciding, setDeciding] = useState<"approve" | "reject" | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const admission = useActionQuery(getAdmission, { params: { id } }, { enabled: Number.isInteger(id) && id > 0 });
  const defs = useQuery({
    queryKey: resourceKeys("field").list({ entity: "admission", limit: 500, purpose: "labels" }),
    queryFn: () => api.get<ListReply<CustomFieldRow>>(resourceUrl("field"), { entity: "admission", limit: 500, sort: "order" }),
    enabled: allowed("settings", "view"),
    meta: { toast403: false },
  });
  const photo = usePrivateFile(admission.data?.data.photo);
  const letter = useSendLetter(admission.data?.data);
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? "en";

  if (admission.isPending) return <LoadingState text={t("admissions:detail.loading")} />;
  if (admission.isError) return <FailureState reason={errorText(admission.error)} onRetry={() => void admission.refetch()} />;
  const a = admission.data.data;
  const mayDecide = allowed("admissions", "approve");
  const defByKey = new Map((defs.data?.rows ?? []).map((d) => [d.key, d]));
  const customKeys = [...new Set([...(defs.data?.rows ?? []).map((d) => d.key).filter((k) => k in a.customfields), ...Object.keys(a.customfields)])];
  const fieldLabel = (key: string) => {
    const d = defByKey.get(key);
    return d ? ((d.labels as Record<string, string>)[lng] ?? d.label) : key;
  };
  const relation = a.guardianRelation;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={to("admissions")} size="sm">
        {t("admissions:detail.back")}
      </Anchor>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar src={photo} alt={photo ? t("admissions:detail.photo") : ""} size={88} radius="md" color="teal">
              {a.name.charAt(0).toLocaleUpperCase()}
            </Avatar>
            <Stack gap={4}>
              <Title order={2} data-testid="admission-name">
                <bdi>{a.name}</bdi>
              </Title>
              {a.nameNative && <NativeName value={a.nameNative} size="lg" fw={600} />}
              <Group gap="xs">
                <Badge tt="none" variant="outline" color="gray" className="ltr-value" data-testid="application-no">
                  {a.applicationNo}
                </Badge>
                <Badge variant="light" color={ADMISSION_STATUS_COLOR[a.status]} data-testid="admission-status">
                  {t(`admissions:options.status.${a.status}`)}
                </Badge>
                <Badge variant="default" tt="none">
                  {t(`admissions:options.source.${a.source}`)}
                </Badge>
              </Group>
            </Stack>
          </Group>
          <Group gap="sm" wrap="wrap">
            {mayDecide && (a.status === "pending" || a.status === "rejected") && (
              <Button leftSection={<IconCheck size={16} />} onClick={() => setDeciding("approve")}>
                {t("admissions:actions.approve")}
              </Button>
            )}
            {mayDecide && (a.status === "pending" || a.status === "approved") && (
              <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDeciding("reject")}>
                {t("admissions:actions.reject")}
              </Button>
            )}
            {mayDecide && a.status === "approved" && (
              <Button leftSection={<IconSchool size={16} />} onClick={() => setEnrolling(true)} variant="filled" color="indigo">
                {t("admissions:enrol.button")}
              </Button>
            )}
            {a.studentId && allowed("students", "view") && (
              <Button component={Link} to={to(`students/${a.studentId}`)} variant="default" leftSection={<IconUser size={16} />}>
                {t("admissions:detail.openStudent")}
              </Button>
            )}
            {mayDecide && a.status !== "pending" && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" leftSection={<IconMail size={16} />} rightSection={<IconChevronDown size={14} />} loading={letter.isPending}>
                    {t("admissions:letters.send")}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {a.status !== "rejected" && <Menu.Item onClick={() => letter.mutate("approval")}>{t("admissions:letters.sendApproval")}</Menu.Item>}
                  {a.status === "rejected" && <Menu.Item onClick={() => letter.mutate("rejection")}>{t("admissions:letters.sendRejection")}</Menu.Item>}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="lg" spacing="md">
          <Detail label={t("admissions:fields.gender")}>{a.gender ? t(`admissions:options.gender.${a.gender}`) : null}</Detail>
          <Detail label={t("admissions:fields.dateOfBirth")}>{formatDate(a.dateOfBirth)}</Detail>
          <Detail label={t("admissions:fields.courseName")}>{a.courseName && <bdi>{a.courseName}</bdi>}</Detail>
          <Detail label={t("admissions:fields.batchId")}>{a.batchName && <bdi>{a.batchName}</bdi>}</Detail>
          <Detail label={t("admissions:fields.previousSchool")}>{a.previousSchool && <bdi>{a.previousSchool}</bdi>}</Detail>
          <Detail label={t("admissions:fields.address")}>{a.address && <bdi style={{ whiteSpace: "pre-line" }}>{a.address}</bdi>}</Detail>
          <Detail label={t("admissions:fields.email")}>{a.email && <span className="ltr-value">{a.email}</span>}</Detail>
          <Detail label={t("admissions:fields.mobile")}>{a.mobile && <span className="ltr-value">{a.mobile}</span>}</Detail>
          <Detail label={t("admissions:fields.createdAt")}>{formatDateTime(a.createdAt)}</Detail>
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h4" mb="md">
            {t("admissions:detail.guardian")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Detail label={t("admissions:fields.guardianName")}>
              <bdi>{a.guardianName}</bdi>
            </Detail>
            <Detail label={t("admissions:fields.guardianMobile")}>
              <span className="ltr-value">{a.guardianMobile}</span>
            </Detail>
            <Detail label={t("admissions:fields.guardianEmail")}>{a.guardianEmail && <span className="ltr-value">{a.guardianEmail}</span>}</Detail>
            <Detail label={t("admissions:fields.guardianRelation")}>{relation && <bdi>{relation}</bdi>}</Detail>
            <Detail label={t("admissions:fields.guardianLanguage")}>{t(`admin:options.language.${a.guardianLanguage}`)}</Detail>
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h4" mb="md">
            {t("admissions:detail.decision")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Detail label={t("admissions:detail.decidedAt")}>{formatDateTime(a.decidedAt)}</Detail>
            <Detail label={t("admissions:detail.reason")}>{a.decisionReason && <bdi style={{ whiteSpace: "pre-line" }}>{a.decisionReason}</bdi>}</Detail>
            <Detail label={t("admissions:detail.approvalLetter")}>{formatDateTime(a.approvalLetterSentAt)}</Detail>
            <Detail label={t("admissions:detail.rejectionLetter")}>{formatDateTime(a.rejectionLetterSentAt)}</Detail>
          </SimpleGrid>
        </Paper>
      </SimpleGrid>

      {(customKeys.length > 0 || a.documents.length > 0) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {customKeys.length > 0 && (
            <Paper withBorder radius="md" p="lg" data-testid="custom-fields">
              <Title order={3} size="h4" mb="md">
                {t("admissions:detail.customFields")}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                {customKeys.map((k) => (
                  <Detail key={k} label={fieldLabel(k)}>
                    <CustomValue value={a.customfields[k]} def={defByKey.get(k)} />
                  </Detail>
                ))}
              </SimpleGrid>
            </Paper>
          )}
          {a.documents.length > 0 && (
            <Paper withBorder radius="md" p="lg">
              <Title order={3} size="h4" mb="md">
                {t("admissions:detail.documents")}
              </Title>
              <Stack gap="xs">
                {a.documents.map((d) => (
                  <FileLink key={d.path} file={d} label={d.label} />
                ))}
              </Stack>
            </Paper>
          )}
        </SimpleGrid>
      )}

      {a.consent && (
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h4" mb="xs">
            {t("admissions:detail.consent")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("admissions:detail.consentGiven", {
              at: formatDateTime(a.consent.at),
              language: t(`admin:options.language.${a.consent.language}`, { defaultValue: a.consent.language }),
              version: a.consent.version,
            })}
          </Text>
          <Spoiler maxHeight={60} showLabel={t("admissions:detail.showMore")} hideLabel={t("admissions:detail.showLess")}>
            <Text size="sm" lang={a.consent.language} dir={directionOf(a.consent.language)} style={{ whiteSpace: "pre-line" }}>
              {a.consent.text}
            </Text>
          </Spoiler>
        </Paper>
      )}

      <PrintPreview id={a.id} />

      <DecisionDialog admission={a} kind={deciding} onClose={() => setDeciding(null)} />
      <EnrolDialog admission={a} opened={enrolling} onClose={() => setEnrolling(false)} onEnrolled={() => undefined} />
    </Stack>
  );
}
