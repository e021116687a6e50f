import { Button, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { ExamRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "../../../lib/api";
import { formatNumber } from "../../../lib/format";
import { useAreaPath } from "../../../ui/area-path";
import { resourceKeys, resourceUrl, useResourceOptions } from "../../../ui/resource";

/** The papers of one examination, for choosing a classroom and then a subject. */
function usePapers(examMasterId: number | undefined) {
  return useQuery({
    queryKey: resourceKeys("exam").list({ examMasterId: examMasterId ?? 0, limit: 500, purpose: "marks-picker" }),
    queryFn: () => api.get<{ rows: ExamRow[] }>(resourceUrl("exam"), { examMasterId, limit: 500 }),
    enabled: !!examMasterId,
  });
}

/** Marks entry's way in: the examination, then the classroom, then the subject's paper. */
export function MarksPickerPage() {
  const { t } = useTranslation("exams");
  const to = useAreaPath();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const masters = useResourceOptions("exammaster", "name");
  const masterId = Number(search.get("examMasterId")) || undefined;
  const classroomId = search.get("classroomId");
  const examId = search.get("examId");
  const papers = usePapers(masterId);
  const rows = useMemo(() => papers.data?.rows ?? [], [papers.data]);
  const classrooms = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of rows) seen.set(String(p.classroomId), p.classroomLabel);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [rows]);
  const subjects = rows
    .filter((p) => String(p.classroomId) === classroomId)
    .map((p) => ({
      value: String(p.id),
      label: `${p.subjectName} (${t("picker.markedOf", { n: formatNumber(p.markedCount), total: formatNumber(p.studentCount) })})`,
    }));
  const set = (patch: Record<string, string | null>) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md" maw={520}>
      <div>
        <Title order={2}>{t("picker.title")}</Title>
        <Text c="dimmed" size="sm">
          {t("picker.text")}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Select
            label={t("picker.examination")}
            data={masters.options}
            value={masterId ? String(masterId) : null}
            onChange={(v) => set({ examMasterId: v, classroomId: null, examId: null })}
            searchable
            size="md"
            data-testid="picker-master"
          />
          <Select
            label={t("picker.classroom")}
            data={classrooms}
            value={classroomId}
            onChange={(v) => set({ classroomId: v, examId: null })}
            disabled={!masterId}
            searchable
            size="md"
            nothingFoundMessage={t("picker.noPapers")}
            data-testid="picker-classroom"
          />
          <Select
            label={t("picker.subject")}
            data={subjects}
            value={examId}
            onChange={(v) => set({ examId: v })}
            disabled={!classroomId}
            size="md"
            data-testid="picker-subject"
          />
          <Button size="md" leftSection={<IconPencil size={18} />} disabled={!examId} onClick={() => navigate(to(`exams/marks/${examId}`))}>
            {t("picker.open")}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
