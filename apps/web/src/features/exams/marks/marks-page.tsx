import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowBack, IconDeviceFloppy, IconHistory, IconLock } from "@tabler/icons-react";
import { examStudents, saveClassResults } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api";
import { useAuth } from "../../../lib/auth-store";
import { formatDate, formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { actionKey, callAction, useAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useAreaBase, useAreaPath } from "../../../ui/area-path";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { useCan } from "../../../ui/use-can";
import { dropMarksDraft, readMarksDraft, saveMarksDraft } from "./marks-draft";
import { ABSENT, type Cell, type Cells, changedIds, EXEMPT, savedCells, sheetOf, wrongIds } from "./marks-entry";
import classes from "./marks-page.module.css";
import { MarksRow, markInputId } from "./marks-row";

/**
 * A paper's marks for a whole classroom, typed with the keyboard only: Enter or Tab goes to the
 * next student, Shift+Tab back; a wrong mark is said at once in its row and the sheet is not
 * saved until it is fixed. What is typed stays on this device until the sheet is saved.
 */
export function MarksPage() {
  const examId = Number(useParams().examId);
  // A new sheet for each paper: nothing typed for one paper is carried into the next.
  return <MarksSheet key={examId} examId={examId} />;
}

function MarksSheet({ examId }: { examId: number }) {
  const { t } = useTranslation(["exams", "admin"]);
  const to = useAreaPath();
  // A teacher comes to the marks from My classes; the office from its list of papers.
  const back = useAreaBase() === "/parent" ? to("classes") : to("exams/papers");
  const allowed = useCan();
  const errorText = useErrorText();
  const school = useAuth((s) => s.user?.tenant.code ?? "");
  // Not the page's own data (which a 403 leaves for the home): a paper that is not the reader's says so here.
  const input = { params: { id: examId } };
  const sheet = useQuery({
    queryKey: actionKey(examStudents, input),
    queryFn: () => callAction(examStudents, input),
    enabled: examId > 0,
    // The page says it in its own words: no toast besides.
    meta: { toast403: false },
  });
  const save = useAction(saveClassResults);
  const exam = sheet.data?.data.exam;
  const students = useMemo(() => sheet.data?.data.students ?? [], [sheet.data]);
  const maxMarks = exam?.maxMarks ?? 0;
  const [cells, setCells] = useState<Cells | null>(null);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const mayAdd = allowed("exams", "add");

  // The sheet starts from what is saved, with this device's unsaved marks laid over it.
  useEffect(() => {
    if (!sheet.data || cells) return;
    const saved = savedCells(sheet.data.data.students);
    const draft = readMarksDraft(school, examId);
    const known = new Set(sheet.data.data.students.map((s) => s.studentId));
    const mine = draft ? Object.fromEntries(Object.entries(draft.cells).filter(([id]) => known.has(Number(id)))) : {};
    const merged = { ...saved, ...mine };
    setCells(merged);
    if (draft && changedIds(sheet.data.data.students, merged).length) setRestoredAt(draft.at);
  }, [sheet.data, cells, school, examId]);

  const onChange = useCallback(
    (studentId: number, cell: Cell) =>
      setCells((old) => {
        const next = { ...old, [studentId]: cell };
        saveMarksDraft(school, examId, next);
        return next;
      }),
    [school, examId],
  );
  const onMove = useCallback((index: number, by: 1 | -1) => {
    const target = document.getElementById(markInputId(index + by)) as HTMLInputElement | null;
    if (target) target.focus();
    else if (by === 1) saveButton.current?.focus();
  }, []);

  if (!examId) return <EmptyList title={t("marks.noExam")} />;
  const backLink = (
    <Anchor component={Link} to={back} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowBack size={14} aria-hidden />
        {t("marks.back")}
      </Group>
    </Anchor>
  );
  if (sheet.isPending) return <LoadingState text={t("marks.loading")} />;
  if (sheet.isError && isApiError(sheet.error) && sheet.error.status === 403)
    return (
      <Stack gap="md" maw={760}>
        <Title order={2}>{t("marks.title")}</Title>
        <Alert color="orange" icon={<IconLock size={18} />} title={t("marks.notYoursTitle")} data-testid="marks-forbidden">
          {t("marks.notYours")}
        </Alert>
        {backLink}
      </Stack>
    );
  if (sheet.isError) return <FailureState reason={errorText(sheet.error)} onRetry={() => void sheet.refetch()} />;
  if (!exam || !cells) return <LoadingState text={t("marks.loading")} />;

  const changed = new Set(changedIds(students, cells));
  const wrong = wrongIds(students, cells, maxMarks);
  const body = sheetOf(students, cells, maxMarks);
  const entered = students.filter((s) => (cells[s.studentId] ?? "") !== "").length;
  const absent = students.filter((s) => cells[s.studentId] === ABSENT).length;
  const exempt = students.filter((s) => cells[s.studentId] === EXEMPT).length;

  const discard = () => {
    dropMarksDraft(school, examId);
    setCells(savedCells(students));
    setRestoredAt(null);
  };
  const submit = () => {
    if (!body || wrong.length) {
      notify.error(t("marks.fixFirst", { n: wrong.length }));
      document.getElementById(markInputId(students.findIndex((s) => s.studentId === wrong[0])))?.focus();
      return;
    }
    if (!body.length) return notify.info(t("marks.nothing"));
    save.mutate(
      { body: { examId, results: body } },
      {
        onSuccess: (r) => {
          dropMarksDraft(school, examId);
          setRestoredAt(null);
          notify.success(t("marks.saved", { n: formatNumber(r.saved) }));
        },
        // The marks stay on this device: nothing typed is lost with the signal.
        onError: (e) => notify.error(`${t("marks.saveFailed")} ${errorText(e)}`),
      },
    );
  };

  return (
    <Stack gap="md" maw={760}>
      <div>
        {backLink}
        <Title order={2} mt={4}>
          {t("marks.title")}
        </Title>
        <Text c="dimmed" size="sm">
          <bdi>{exam.examMasterName}</bdi> · <bdi>{exam.classroomLabel}</bdi> · <bdi>{exam.subjectName}</bdi>
          {exam.date ? ` · ${formatDate(exam.date)}` : ""}
        </Text>
        <Group gap="xs" mt="xs" data-testid="marks-summary">
          <Badge variant="outline" color="teal.9" size="lg">
            {t("marks.maximum", { max: formatNumber(maxMarks) })}
          </Badge>
          <Badge variant="outline" color="gray.7" size="lg">
            {t("marks.passMark", { pass: formatNumber(exam.passMarks) })}
          </Badge>
          <Badge variant="outline" size="lg">
            {t("marks.entered", { n: formatNumber(entered), total: formatNumber(students.length) })}
          </Badge>
          {absent > 0 && (
            <Badge variant="outline" color="red.9" size="lg">
              {t("marks.absentCount", { n: formatNumber(absent) })}
            </Badge>
          )}
          {exempt > 0 && (
            <Badge variant="outline" color="grape.9" size="lg">
              {t("marks.exemptCount", { n: formatNumber(exempt) })}
            </Badge>
          )}
        </Group>
      </div>
      <Text size="sm" c="dimmed">
        {t("marks.howTo")}
      </Text>
      {restoredAt && (
        <Alert color="blue" icon={<IconHistory size={18} />} title={t("marks.restoredTitle")} data-testid="marks-restored">
          <Text size="sm">{t("marks.restoredText", { when: formatDateTime(restoredAt) })}</Text>
          <Button size="xs" variant="default" mt="xs" onClick={discard}>
            {t("marks.discard")}
          </Button>
        </Alert>
      )}
      {!students.length ? (
        <EmptyList title={t("marks.noStudents")} />
      ) : (
        <Stack gap="xs" component="ul" aria-label={t("marks.title")} className={classes.list}>
          {students.map((s, i) => (
            <li key={s.studentId}>
              <MarksRow
                student={s}
                index={i}
                cell={cells[s.studentId] ?? ""}
                maxMarks={maxMarks}
                changed={changed.has(s.studentId)}
                disabled={!mayAdd || save.isPending}
                onChange={onChange}
                onMove={onMove}
              />
            </li>
          ))}
        </Stack>
      )}
      {wrong.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="marks-wrong">
          {t("marks.fixFirst", { n: wrong.length })}
        </Alert>
      )}
      {mayAdd && students.length > 0 && (
        <Group
          justify="space-between"
          gap="sm"
          pos="sticky"
          bottom={0}
          py="sm"
          style={{ background: "var(--mantine-color-body)", borderTop: "1px solid var(--mantine-color-default-border)", zIndex: 2 }}
        >
          <Text size="sm" c="dimmed" aria-live="polite">
            {changed.size ? t("marks.unsaved", { n: formatNumber(changed.size) }) : t("marks.allSaved")}
          </Text>
          <Button
            ref={saveButton}
            size="md"
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={submit}
            loading={save.isPending}
            disabled={wrong.length > 0}
            data-testid="marks-save"
          >
            {t("marks.save")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
