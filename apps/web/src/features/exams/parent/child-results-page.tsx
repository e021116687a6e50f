import { Select, Stack, Text, Title } from "@mantine/core";
import { IconReportAnalytics } from "@tabler/icons-react";
import { linkedChildren, studentExamResults } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useChosenChild } from "../../../ui/child-chooser";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { ReportCardView } from "../sets/report-card-view";

/** The parent area's results: the chosen child's report cards of the exam sets the school has published. */
export function ChildResultsPage() {
  const { t } = useTranslation("exams");
  const errorText = useErrorText();
  const kids = useActionQuery(linkedChildren);
  const list = kids.data?.rows ?? [];
  // The child the home (or an earlier visit) chose, else the first.
  const { chosen, choose } = useChosenChild(list);
  const studentId = chosen?.id ?? list[0]?.id ?? 0;
  const results = useActionQuery(studentExamResults, { params: { id: studentId } }, { enabled: studentId > 0 });
  const cards = results.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Title order={2}>{t("parent.title")}</Title>
      {list.length > 1 && (
        <Select
          label={t("parent.child")}
          data={list.map((c) => ({ value: String(c.id), label: c.name }))}
          value={String(studentId)}
          onChange={(v) => {
            const child = list.find((c) => String(c.id) === v);
            if (child) choose(child);
          }}
          allowDeselect={false}
          data-testid="results-child"
        />
      )}
      {kids.isPending ? (
        <LoadingState text={t("parent.loading")} />
      ) : !list.length ? (
        <EmptyList title={t("parent.noChildren")} />
      ) : results.isError ? (
        <FailureState reason={errorText(results.error)} onRetry={() => void results.refetch()} />
      ) : results.isPending ? (
        <LoadingState text={t("parent.loading")} />
      ) : !cards.length ? (
        <EmptyList title={t("parent.emptyTitle")} description={t("parent.emptyText")} icon={<IconReportAnalytics size={28} />} />
      ) : (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t("parent.text")}
          </Text>
          {cards.map((c) => (
            <section key={`${c.source.kind}-${c.source.id}`} data-testid={`results-set-${c.source.id}`}>
              <ReportCardView card={c} />
            </section>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
