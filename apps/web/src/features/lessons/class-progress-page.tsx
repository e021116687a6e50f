import { Select, Stack, Title } from "@mantine/core";
import { lessonProgress } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionQuery } from "../../lib/use-action";
import { useClassrooms } from "../../lib/use-classrooms";
import { FailureState, LoadingState } from "../../ui/list-states";
import { ProgressView } from "./progress-view";

/** The office's view of a classroom's lessons against its syllabus: a bar per subject. */
export function ClassProgressPage() {
  const { t } = useTranslation("lessons");
  const rooms = useClassrooms();
  const [room, setRoom] = useState<string | null>(null);
  const progress = useActionQuery(lessonProgress, { query: { classroomId: Number(room) } }, { enabled: !!room });
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t("progress.title")}</Title>
      <Select label={t("log.classroom")} data={rooms.grouped} value={room} onChange={setRoom} searchable />
      {room && progress.isPending && <LoadingState text={t("progress.loading")} />}
      {progress.isError && <FailureState onRetry={() => void progress.refetch()} />}
      {progress.data && <ProgressView subjects={progress.data.subjects} />}
    </Stack>
  );
}
