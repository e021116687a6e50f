import { Select, Stack, Title } from "@mantine/core";
import { childHifz, linkedChildren } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useChosenChild } from "../../ui/child-chooser";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";
import { HifzDashboardView } from "./hifz-dashboard";
import { TaughtHafizList } from "./taught-hafiz-list";

/**
 * The parent area's memorisation: a child's progress and heat map, read only. A teacher with no
 * child of their own finds the hafiz students they teach there instead.
 */
export function HifzDashboardChildPage() {
  const { t } = useTranslation("hifz");
  const errorText = useErrorText();
  const can = useCan();
  const linked = useActionQuery(linkedChildren);
  const kids = linked.data?.rows ?? [];
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
  if (linked.data && !kids.length && can("hifz", "view"))
    return (
      <Stack gap="sm" maw={560}>
        <Title order={2}>{t("progress.taughtTitle")}</Title>
        <TaughtHafizList />
      </Stack>
    );
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
