import { Button, Card, SegmentedControl, Select, Slider, Stack, Text, Textarea, Title } from "@mantine/core";
import { type LessonProgress, lessonProgress, logLesson } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, schoolDay } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useClassrooms } from "../../lib/use-classrooms";
import { useErrorText } from "../../ui/api-error";
import { LoadingState } from "../../ui/list-states";
import { SchoolDateInput } from "../../ui/school-date-input";

const PROGRESS: LessonProgress[] = ["started", "continued", "completed"];

/**
 * A teacher's phone screen: which class, which lesson of which subject (the next one not yet
 * completed is offered), how far it got today, and a note. Logging the same lesson again the same
 * day corrects the first entry.
 */
export function LogLessonPage() {
  const { t } = useTranslation("lessons");
  const errorText = useErrorText();
  const rooms = useClassrooms();
  const [room, setRoom] = useState<string | null>(null);
  const [subject, setSubject] = useState<string | null>(null);
  const [lesson, setLesson] = useState<string | null>(null);
  const [progress, setProgress] = useState<LessonProgress>("completed");
  const [percent, setPercent] = useState(50);
  const [note, setNote] = useState("");
  const [date, setDate] = useState<string | null>(schoolDay());
  const plan = useActionQuery(lessonProgress, { query: { classroomId: Number(room) } }, { enabled: !!room });
  const save = useAction(logLesson);

  const subjects = plan.data?.subjects ?? [];
  const chosenSubject = subjects.find((s) => String(s.subjectId) === subject) ?? (subjects.length === 1 ? subjects[0] : undefined);
  const lessons = chosenSubject?.lessons ?? [];
  const next = lessons.find((l) => l.status !== "completed");
  const lessonId = lesson ?? (next ? String(next.id) : null);
  const lessonOptions = useMemo(
    () => lessons.map((l) => ({ value: String(l.id), label: `${formatNumber(l.order)}. ${l.title} (${t(`status.${l.status}`)})` })),
    [lessons, t],
  );

  const submit = () => {
    if (!room || !lessonId) return;
    save.mutate(
      {
        body: {
          classroomId: Number(room),
          lessonId: Number(lessonId),
          progress,
          ...(progress === "completed" ? {} : { percent }),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(date ? { date } : {}),
        },
      },
      {
        onSuccess: () => {
          notify.success(t("log.saved"));
          setLesson(null);
          setNote("");
        },
        onError: (e) => notify.error(errorText(e)),
      },
    );
  };

  return (
    <Stack gap="md" maw={480}>
      <Title order={2}>{t("log.title")}</Title>
      <Select
        label={t("log.classroom")}
        data={rooms.grouped}
        value={room}
        onChange={(v) => {
          setRoom(v);
          setSubject(null);
          setLesson(null);
        }}
        searchable
      />
      {room && plan.isPending && <LoadingState text={t("progress.loading")} />}
      {room && plan.data && !subjects.length && <Text c="dimmed">{t("log.noSyllabus")}</Text>}
      {subjects.length > 1 && (
        <Select
          label={t("log.subject")}
          data={subjects.map((s) => ({ value: String(s.subjectId), label: s.subjectName }))}
          value={chosenSubject ? String(chosenSubject.subjectId) : null}
          onChange={(v) => {
            setSubject(v);
            setLesson(null);
          }}
        />
      )}
      {chosenSubject && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            {subjects.length === 1 && (
              <Text fw={700}>
                <bdi>{chosenSubject.subjectName}</bdi>
              </Text>
            )}
            <Select label={t("log.lesson")} data={lessonOptions} value={lessonId} onChange={setLesson} />
            <div>
              <Text size="sm" fw={500} mb={4} id="log-progress">
                {t("log.howFar")}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="log-progress"
                value={progress}
                onChange={(v) => setProgress(v as LessonProgress)}
                data={PROGRESS.map((p) => ({ value: p, label: t(`progressWord.${p}`) }))}
              />
            </div>
            {progress !== "completed" && (
              <div>
                <Text size="sm" fw={500} id="log-percent">
                  {t("log.percent", { percent: formatNumber(percent) })}
                </Text>
                <Slider value={percent} onChange={setPercent} step={10} min={0} max={100} label={null} thumbProps={{ "aria-labelledby": "log-percent" }} />
              </div>
            )}
            <SchoolDateInput label={t("log.date")} value={date} onChange={setDate} past />
            <Textarea label={t("log.note")} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
            <Button size="md" onClick={submit} loading={save.isPending} disabled={!lessonId}>
              {t("log.save")}
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
