import { Select, Stack, Title } from "@mantine/core";
import { childHifz, linkedChildren } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChosenChild } from "../../areas/parent/child-chooser";
import { ApiError } from "../../lib/api";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { HifzDashboardView } from "./hifz-dashboard";

/** The parent area's memorisation: a child's progress and heat map, read only. */
export function HifzDashboardChildPage() {
  const { t } = useTranslation("hifz");
  const errorText = useErrorText();
  const kids = useActionQuery(linkedChildren).data?.rows ?? [];
  // The child the home (or an earlier visit) chose; else the first child in the programme.
  const { chosen, choose } = useChosenChild(kids);
  // Until the parent chooses, the first child in the programme: a child not in it answers 404.
  const [tried, setTried] = useState(0);
  const studentId = chosen?.id ?? kids[tried]?.id ?? 0;
  const dashboard = useActionQuery(childHifz, { query: { studentId, layoutMode: "page" } }, { enabled: studentId > 0, retry: false });
  const notInProgramme = dashboard.error instanceof ApiError && dashboard.error.status === 404;
  useEffect(() => {
    if (notInProgramme && chosen === null && tried < kids.length - 1) setTried(tried + 1);
  }, [notInProgramme, chosen, tried, kids.length]);
  return (
    <Stack gap="sm">
      <Title order={2}>{t("progress.childTitle")}</Title>
      {kids.length > 1 && (
        <Select
          label={t("progress.child")}
          data={kids.map((c) => ({ value: String(c.id), label: c.name }))}
          value={String(studentId)}
          onChange={(v) => {
            const child = kids.find((c) => String(c.id) === v);
            if (child) choose(child);
          }}
          allowDeselect={false}
        />
      )}
      {!kids.length ? (
        <EmptyList title={t("progress.noChildren")} />
      ) : notInProgramme ? (
        <EmptyList title={t("progress.notInProgramme")} />
      ) : dashboard.isError ? (
        <FailureState reason={errorText(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : !dashboard.data ? (
        <LoadingState text={t("progress.loading")} />
      ) : (
        <HifzDashboardView dashboard={dashboard.data} />
      )}
    </Stack>
  );
}
