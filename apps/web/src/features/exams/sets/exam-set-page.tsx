import { Anchor, Badge, Button, Group, Modal, Select, Stack, Tabs, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowBack, IconChartBar, IconEye, IconEyeOff, IconFiles, IconMessage, IconReportAnalytics } from "@tabler/icons-react";
import { type ExamSetRow, examSetAnalysis, examSetResults, publishExamSet } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../../lib/api";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useAreaPath } from "../../../ui/area-path";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { type ListReply, resourceKeys, resourceUrl } from "../../../ui/resource";
import { useSearchFilters } from "../../../ui/search-filters";
import { useCan } from "../../../ui/use-can";
import { CardPdfButton } from "./card-pdf-button";
import { CardRemarks } from "./card-remarks";
import { RemarksPanel } from "./remarks-panel";
import { ReportCardView } from "./report-card-view";
import { ReportCardsTable } from "./report-cards-table";
import { ResultAnalysis } from "./result-analysis";
import { SetFiles } from "./set-files";

/** The set's row (the resource has no single-row call; a school has few sets). */
function useExamSet(id: number) {
  return useQuery({
    queryKey: resourceKeys("examset").list({ limit: 500, purpose: "set-page" }),
    queryFn: () => api.get<ListReply<ExamSetRow>>(resourceUrl("examset"), { limit: 500 }),
    select: (r) => r.rows.find((s) => s.id === id) ?? null,
    enabled: id > 0,
  });
}

/**
 * An exam set: its report cards with ranks (by classroom), a student's card, the result
 * analysis, remarks, publishing to parents, and its files (rank lists, mark sheets, an upload).
 */
export function ExamSetPage() {
  const { t } = useTranslation(["exams", "admin"]);
  const id = Number(useParams().id);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const phone = useMediaQuery("(max-width: 48em)");
  const { search, set: setParam } = useSearchFilters();
  const classroomId = Number(search.get("classroomId")) || undefined;
  const tab = search.get("tab") ?? "cards";
  const set = useExamSet(id);
  const whole = useActionQuery(examSetAnalysis, { params: { id } }, { enabled: id > 0 });
  const analysis = useActionQuery(examSetAnalysis, { params: { id }, query: { classroomId } }, { enabled: id > 0 && !!classroomId });
  const results = useActionQuery(examSetResults, { params: { id }, query: { classroomId } }, { enabled: id > 0 });
  const publish = useAction(publishExamSet);
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  if (set.isPending) return <LoadingState text={t("sets.loading")} />;
  if (set.isError) return <FailureState reason={errorText(set.error)} onRetry={() => void set.refetch()} />;
  const row = set.data;
  if (!row) return <EmptyList title={t("sets.notFound")} />;
  const classrooms = (whole.data?.data.classrooms ?? []).map((c) => ({ value: String(c.classroomId), label: c.classroomLabel }));
  const cards = results.data?.rows ?? [];
  const card = cards.find((c) => c.studentId === open) ?? null;
  const shownAnalysis = classroomId ? analysis.data?.data : whole.data?.data;
  const mayPublish = allowed("exams", "publish");

  const togglePublish = () =>
    publish.mutate(
      { body: { id, published: !row.published } },
      {
        onSuccess: (r) => {
          setAsking(false);
          notify.success(r.data.published ? t("sets.publishedNotified", { n: formatNumber(r.notified) }) : t("sets.unpublishedDone"));
        },
        onError: (e) => notify.error(`${t("sets.publishFailed")} ${errorText(e)}`),
      },
    );

  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to={to("exams/sets")} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowBack size={14} aria-hidden />
            {t("sets.back")}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mt={4}>
          <div>
            <Title order={2}>
              <bdi>{row.name}</bdi>
            </Title>
            <Group gap="xs" mt={4}>
              <Badge color={row.published ? "teal.9" : "gray.7"} variant="outline" data-testid="set-status">
                {row.published ? t("sets.published") : t("sets.unpublished")}
              </Badge>
              <Text size="sm" c="dimmed">
                <bdi>{row.batchName}</bdi> · {row.components.map((c) => c.examMasterName + (c.weight ? ` ${c.weight}%` : "")).join(" + ")}
              </Text>
              {row.published && row.publishedAt && (
                <Text size="xs" c="dimmed">
                  {t("sets.publishedAt", { when: formatDateTime(row.publishedAt) })}
                </Text>
              )}
            </Group>
          </div>
          {mayPublish && (
            <Button
              color={row.published ? "gray" : "teal"}
              variant={row.published ? "default" : "filled"}
              leftSection={row.published ? <IconEyeOff size={18} /> : <IconEye size={18} />}
              onClick={() => setAsking(true)}
              data-testid="publish-toggle"
            >
              {row.published ? t("sets.unpublish") : t("sets.publish")}
            </Button>
          )}
        </Group>
      </div>
      <Select
        label={t("sets.classroom")}
        placeholder={t("sets.allClassrooms")}
        data={classrooms}
        value={classroomId ? String(classroomId) : null}
        onChange={(v) => setParam("classroomId", v)}
        clearable
        maw={360}
        data-testid="set-classroom"
      />
      <Tabs value={tab} onChange={(v) => setParam("tab", v === "cards" ? null : v)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="cards" leftSection={<IconReportAnalytics size={16} />}>
            {t("sets.tabs.cards")}
          </Tabs.Tab>
          <Tabs.Tab value="analysis" leftSection={<IconChartBar size={16} />}>
            {t("sets.tabs.analysis")}
          </Tabs.Tab>
          <Tabs.Tab value="remarks" leftSection={<IconMessage size={16} />}>
            {t("sets.tabs.remarks")}
          </Tabs.Tab>
          <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
            {t("sets.tabs.files")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cards" pt="md">
          {results.isPending ? (
            <LoadingState text={t("sets.loadingCards")} />
          ) : results.isError ? (
            <FailureState reason={errorText(results.error)} onRetry={() => void results.refetch()} />
          ) : !cards.length ? (
            <EmptyList title={t("sets.noCards")} />
          ) : (
            <ReportCardsTable cards={cards} onOpen={setOpen} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="analysis" pt="md">
          {shownAnalysis ? (
            <ResultAnalysis data={shownAnalysis} classroomId={classroomId} />
          ) : whole.isError || analysis.isError ? (
            <FailureState reason={errorText(whole.error ?? analysis.error)} onRetry={() => void (classroomId ? analysis : whole).refetch()} />
          ) : (
            <LoadingState text={t("analysis.loading")} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="remarks" pt="md">
          <RemarksPanel examsetId={id} classroomId={classroomId} editable={allowed("exams", "edit")} />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="md">
          <SetFiles set={row} classroomId={classroomId} mayAdd={allowed("exams", "add")} />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={!!card} onClose={() => setOpen(null)} title={t("card.title")} size="xl" fullScreen={phone}>
        {card && (
          <Stack gap="md">
            <CardPdfButton examsetId={id} studentId={card.studentId} />
            <ReportCardView card={card} />
            {allowed("exams", "edit") && <CardRemarks key={card.studentId} examsetId={id} card={card} />}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={asking}
        title={row.published ? t("sets.unpublishTitle") : t("sets.publishTitle")}
        confirmLabel={row.published ? t("sets.unpublish") : t("sets.publish")}
        danger={row.published}
        loading={publish.isPending}
        onClose={() => setAsking(false)}
        onConfirm={togglePublish}
      >
        {row.published ? t("sets.unpublishText") : t("sets.publishText")}
      </ConfirmDialog>
    </Stack>
  );
}
