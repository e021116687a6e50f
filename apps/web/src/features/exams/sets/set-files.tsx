import { Alert, Button, FileInput, Group, List, Paper, Progress, ScrollArea, SegmentedControl, Select, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconFileTypePdf, IconUpload } from "@tabler/icons-react";
import {
  actionUrl,
  type ExamSetRow,
  examMasterMarkSheets,
  examSetRankList,
  markSheetsFile,
  markSheetsProgress,
  startMarkSheetsJob,
  uploadResults,
} from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../lib/api";
import { formatNumber } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { notify } from "../../../lib/notify";
import { readDataUrl } from "../../../lib/read-file";
import { saveFile } from "../../../lib/save-file";
import { useAction } from "../../../lib/use-action";
import { useJobProgress } from "../../../lib/use-job-progress";
import { useErrorText } from "../../../ui/api-error";

/** A bad row of an uploaded sheet, as the refusal's params name it. */
interface UploadProblem {
  row: number;
  column: string;
  message: string;
}

interface Choice {
  value: string;
  label: string;
}

/** A PDF call's file saved under the name the specification gives it. */
function usePdf(name: string) {
  const { t } = useTranslation("exams");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ path, query }: { path: string; query: Record<string, string | number | undefined> }) => api.download(path, query, name),
    onSuccess: ({ blob }) => saveFile(blob, name),
    onError: (e) => notify.error(`${t("files.downloadFailed")} ${errorText(e)}`),
  });
}

/** The set's rank list, by classroom or overall, in the page's language. */
function RankListCard({ set, classroomId }: { set: ExamSetRow; classroomId?: number }) {
  const { t } = useTranslation("exams");
  const [type, setType] = useState<"class" | "overall">("class");
  const pdf = usePdf(`rank-list-${set.id}.pdf`);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4}>{t("files.rankList")}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("files.rankListText")}
      </Text>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          value={type}
          onChange={(v) => setType(v as "class" | "overall")}
          data={[
            { value: "class", label: t("files.byClass") },
            { value: "overall", label: t("files.overall") },
          ]}
        />
        <Button
          leftSection={<IconFileTypePdf size={18} />}
          loading={pdf.isPending}
          data-testid="rank-list-download"
          onClick={() =>
            pdf.mutate({
              path: actionUrl(examSetRankList, { examsetId: set.id, type }),
              query: { classroomId: type === "class" ? classroomId : undefined, lang: currentLanguage() },
            })
          }
        >
          {t("files.download")}
        </Button>
      </Group>
    </Paper>
  );
}

/** A term's report cards (mark sheets): one classroom at once, or the whole school as a job with a progress bar. */
function MarkSheetsCard({ terms, classroomId }: { terms: Choice[]; classroomId?: number }) {
  const { t } = useTranslation("exams");
  const errorText = useErrorText();
  const [termId, setTermId] = useState<string | null>(terms[0]?.value ?? null);
  const masterId = Number(termId);
  const direct = usePdf(`mark-sheets-${masterId}.pdf`);
  const whole = usePdf(`mark-sheets-${masterId}.pdf`);
  const start = useAction(startMarkSheetsJob);
  const job = useJobProgress(markSheetsProgress, start.data?.job ?? null);
  const progress = job.progress;
  const result = progress?.state === "done" ? progress.result : null;
  const failedJob = progress?.state === "failed" ? progress.error?.message : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4}>{t("files.markSheets")}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("files.markSheetsText")}
      </Text>
      <Stack gap="sm">
        <Select label={t("files.term")} data={terms} value={termId} onChange={setTermId} allowDeselect={false} maw={360} />
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconFileTypePdf size={18} />}
            disabled={!masterId || !classroomId}
            loading={direct.isPending}
            onClick={() => direct.mutate({ path: actionUrl(examMasterMarkSheets, { id: masterId }), query: { classroomId, lang: currentLanguage() } })}
          >
            {t("files.forClassroom")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={18} />}
            disabled={!masterId || job.running}
            loading={start.isPending || job.running}
            onClick={() =>
              start.mutate(
                { params: { id: masterId }, body: { lang: currentLanguage() } },
                { onError: (e) => notify.error(`${t("files.jobFailed")} ${errorText(e)}`) },
              )
            }
          >
            {t("files.wholeSchool")}
          </Button>
        </Group>
        {!classroomId && (
          <Text size="xs" c="dimmed">
            {t("files.chooseClassroom")}
          </Text>
        )}
        {job.running && (
          <Stack gap={4}>
            <Progress
              value={progress?.total ? (progress.done / progress.total) * 100 : 100}
              animated
              size="lg"
              aria-label={t("files.progressLabel")}
              color={progress?.done ? undefined : "gray"}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t("files.progress", { done: formatNumber(progress?.done ?? 0), total: formatNumber(progress?.total ?? start.data?.total ?? 0) })}
            </Text>
          </Stack>
        )}
        {(failedJob || job.lost) && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {failedJob ?? errorText(job.lost)}
          </Alert>
        )}
        {result && (
          <Alert variant="outline" color="teal.9" title={t("files.jobDone", { n: formatNumber(result.cards) })}>
            {result.failed.length > 0 && (
              <>
                <Text size="sm">{t("files.cardsFailed", { n: formatNumber(result.failed.length) })}</Text>
                <List size="sm">
                  {result.failed.map((f) => (
                    <List.Item key={f.studentId}>
                      <bdi>{f.name}</bdi>: <bdi>{f.message}</bdi>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            <Button
              mt="sm"
              leftSection={<IconDownload size={18} />}
              loading={whole.isPending}
              onClick={() => start.data && whole.mutate({ path: actionUrl(markSheetsFile, { job: start.data.job }), query: {} })}
            >
              {t("files.download")}
            </Button>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Marks from a spreadsheet: every bad row listed with its problem; nothing saved unless all rows are good. */
function UploadCard({ set, terms }: { set: ExamSetRow; terms: Choice[] }) {
  const { t } = useTranslation("exams");
  const errorText = useErrorText();
  const upload = useAction(uploadResults);
  const [file, setFile] = useState<File | null>(null);
  const [termId, setTermId] = useState<string | null>(terms.length === 1 ? terms[0]!.value : null);
  const failure = upload.error;
  const params = isApiError(failure) ? failure.params : undefined;
  const problems = Array.isArray(params?.problems) ? (params.problems as UploadProblem[]) : [];
  const send = async () => {
    if (!file) return;
    upload.mutate(
      { body: { examsetId: set.id, examMasterId: termId ? Number(termId) : undefined, fileName: file.name, data: await readDataUrl(file) } },
      { onSuccess: (r) => notify.success(t("files.uploaded", { n: formatNumber(r.saved) })) },
    );
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4}>{t("files.upload")}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("files.uploadText")}
      </Text>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select label={t("files.term")} data={terms} value={termId} onChange={setTermId} clearable placeholder={t("files.anyTerm")} w={240} />
          <FileInput
            label={t("files.file")}
            description=".xlsx, .csv"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={setFile}
            clearable
            style={{ flex: "1 1 220px" }}
          />
          <Button leftSection={<IconUpload size={16} />} disabled={!file} loading={upload.isPending} onClick={send}>
            {t("files.send")}
          </Button>
        </Group>
        {upload.isSuccess && (
          <Alert variant="outline" color="teal.9">
            {t("files.uploaded", { n: formatNumber(upload.data.saved) })}
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t("files.uploadFailed")}>
            {problems.length ? t("files.problems", { n: formatNumber(problems.length) }) : errorText(failure)}
          </Alert>
        )}
        {problems.length > 0 && (
          <ScrollArea.Autosize mah={320}>
            <Table striped withTableBorder stickyHeader aria-label={t("files.problemsLabel")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("files.row")}</Table.Th>
                  <Table.Th>{t("files.column")}</Table.Th>
                  <Table.Th>{t("files.problem")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {problems.map((p) => (
                  <Table.Tr key={`${p.row}:${p.column}:${p.message}`}>
                    <Table.Td>{formatNumber(p.row)}</Table.Td>
                    <Table.Td>
                      <bdi>{p.column || "—"}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <bdi>{p.message}</bdi>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}

/** The set's files: rank lists and mark sheets to print, and marks from a spreadsheet. */
export function SetFiles({ set, classroomId, mayAdd }: { set: ExamSetRow; classroomId?: number; mayAdd: boolean }) {
  const terms = set.components.map((c) => ({ value: String(c.examMasterId), label: c.examMasterName }));
  return (
    <Stack gap="md">
      <RankListCard set={set} classroomId={classroomId} />
      <MarkSheetsCard terms={terms} classroomId={classroomId} />
      {mayAdd && <UploadCard set={set} terms={terms} />}
    </Stack>
  );
}
