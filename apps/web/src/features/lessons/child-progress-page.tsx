import { Stack, Text, Title } from "@mantine/core";
import { lessonProgress, linkedChildren } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useActionQuery } from "../../lib/use-action";
import { ChildChooser, useChosenChild } from "../../ui/child-chooser";
import { FailureState, LoadingState } from "../../ui/list-states";
import { ProgressView } from "./progress-view";

/** The parent area: what the chosen child's class has covered of each subject's syllabus. */
export function ChildProgressPage() {
  const { t } = useTranslation("lessons");
  const children = useActionQuery(linkedChildren).data?.rows ?? [];
  const { chosen, choose } = useChosenChild(children);
  const progress = useActionQuery(lessonProgress, { query: { studentId: chosen?.id } }, { enabled: !!chosen, retry: false });
  return (
    <Stack gap="md">
      <Title order={2}>{t("progress.childTitle")}</Title>
      {!chosen && <ChildChooser list={children} chosen={chosen} onChoose={choose} />}
      {chosen && (
        <Text c="dimmed">
          <bdi>{chosen.name}</bdi>
          {progress.data ? (
            <>
              {" · "}
              <bdi>{progress.data.classroomLabel}</bdi>
            </>
          ) : null}
        </Text>
      )}
      {chosen && progress.isPending && <LoadingState text={t("progress.loading")} />}
      {progress.isError && <FailureState onRetry={() => void progress.refetch()} />}
      {progress.data && <ProgressView subjects={progress.data.subjects} />}
    </Stack>
  );
}
