import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlarm, IconCash } from "@tabler/icons-react";
import { feesDashboard } from "@taleem/contract";
import { keepPreviousData } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatNumber } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useAreaPath } from "../../../ui/area-path";
import { MonthlyColumns, PaidBar } from "../../../ui/charts/fee-charts";
import { percentText, RateRing } from "../../../ui/charts/rate-ring";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { DocNumber, Money } from "../../../ui/money";
import { setSchoolCurrency } from "../../../ui/resource";
import { BatchCourseRangeFields, useSearchFilters } from "../../../ui/search-filters";
import { useCan } from "../../../ui/use-can";

function Panel({ title, children, hint }: { title: string; children: React.ReactNode; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4}>{title}</Title>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <div style={{ marginTop: 12 }}>{children}</div>
    </Paper>
  );
}

/**
 * The fee dashboard: the collection rate, what is overdue, money by month, each academic year and
 * course paid against due, the most outstanding, and the latest payments. Every figure is the
 * ledger's.
 */
export function FeesDashboardPage() {
  const { t } = useTranslation(["fees", "admin"]);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const filters = useSearchFilters();
  const { search } = filters;
  const query = {
    batchId: Number(search.get("batchId")) || undefined,
    courseId: Number(search.get("courseId")) || undefined,
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  };
  const dash = useActionQuery(feesDashboard, { query }, { placeholderData: keepPreviousData });
  const all = t("admin:filters.all");

  let body: ReactNode;
  if (dash.isPending) body = <LoadingState text={t("dashboard.loading")} />;
  else if (dash.isError && !dash.data) body = <FailureState reason={errorText(dash.error)} onRetry={() => void dash.refetch()} />;
  else {
    const d = dash.data!.data;
    setSchoolCurrency(d.currency);
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Panel title={t("dashboard.rate")} hint={t("dashboard.rateHint")}>
            <Group gap="lg" wrap="nowrap">
              <RateRing rate={d.collectionRate.rate} label={`${t("dashboard.rate")}: ${percentText(d.collectionRate.rate)}`} />
              <Stack gap={4}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t("dashboard.collected")}
                </Text>
                <Money value={d.collectionRate.paid} fw={700} size="lg" />
                <Text size="xs" c="dimmed" fw={600}>
                  {t("dashboard.netDue")}
                </Text>
                <Money value={d.collectionRate.due} fw={700} size="lg" />
              </Stack>
            </Group>
          </Panel>
          <Panel title={t("dashboard.overdue")}>
            <Money value={d.overdue.amount} fw={800} size="xl" c={d.overdue.amount > 0 ? "red.9" : undefined} data-testid="overdue-amount" />
            <Text size="sm" c="dimmed" mt={4}>
              {t("dashboard.overdueOf", { students: formatNumber(d.overdue.students), dues: formatNumber(d.overdue.dues) })}
            </Text>
            <Group gap="xs" mt="sm">
              <Button component={Link} to={to("fees/defaulters")} variant="light" size="xs" leftSection={<IconAlarm size={14} />}>
                {t("dashboard.defaulters")}
              </Button>
              {allowed("fees", "collect") && (
                <Button component={Link} to={to("fees/counter")} variant="default" size="xs" leftSection={<IconCash size={14} />}>
                  {t("nav.counter")}
                </Button>
              )}
            </Group>
          </Panel>
          <Panel title={t("dashboard.recent")}>
            {d.recentPayments.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t("dashboard.noPayments")}
              </Text>
            ) : (
              <Stack gap={6}>
                {d.recentPayments.slice(0, 6).map((p) => (
                  <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={to(`fees/student/${p.studentId}`)} size="sm" fw={500} lineClamp={1}>
                        <bdi>{p.studentName}</bdi>
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        <bdi>{formatDate(p.paidOn)}</bdi> · <DocNumber value={p.receiptNumber} />
                      </Text>
                    </div>
                    <Money value={p.amount} fw={600} size="sm" />
                  </Group>
                ))}
              </Stack>
            )}
          </Panel>
        </SimpleGrid>
        <Panel title={t("dashboard.monthly")} hint={t("dashboard.monthlyHint")}>
          <MonthlyColumns rows={d.monthly} />
        </Panel>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Panel title={t("dashboard.batchWise")} hint={t("dashboard.barsHint")}>
            <Stack gap={6}>
              {d.batchWise.map((b) => (
                <PaidBar key={b.id} label={b.name} paid={b.paid} due={b.due} testId={`batch-bar-${b.id}`} />
              ))}
              {!d.batchWise.length && <Text c="dimmed">{t("dashboard.noData")}</Text>}
            </Stack>
          </Panel>
          <Panel title={t("dashboard.courseWise")} hint={t("dashboard.barsHint")}>
            <Stack gap={6}>
              {d.courseWise.map((c) => (
                <PaidBar key={c.id} label={c.name} paid={c.paid} due={c.due} />
              ))}
              {!d.courseWise.length && <Text c="dimmed">{t("dashboard.noData")}</Text>}
            </Stack>
          </Panel>
          <Panel title={t("dashboard.topBatches")}>
            <Outstanding rows={d.topOutstandingBatches} />
          </Panel>
          <Panel title={t("dashboard.topCourses")}>
            <Outstanding rows={d.topOutstandingCourses} />
          </Panel>
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t("dashboard.title")}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("dashboard.description")}
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <BatchCourseRangeFields
          filters={filters}
          keys={{ batch: "batchId", course: "courseId" }}
          labels={{ all, batch: t("dues.fields.batchId"), course: t("masters.fields.courseId"), from: t("receipts.from"), to: t("receipts.to") }}
        />
      </Group>
      {body}
    </Stack>
  );
}

function Outstanding({ rows }: { rows: { id: number; name: string; balance: number; students: number }[] }) {
  const { t } = useTranslation("fees");
  if (!rows.length) return <EmptyList title={t("dashboard.nothingOutstanding")} />;
  return (
    <Stack gap={6}>
      {rows.map((r) => (
        <Group key={r.id} justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} lineClamp={1}>
              <bdi>{r.name}</bdi>
            </Text>
            <Text size="xs" c="dimmed">
              {t("dashboard.students", { n: formatNumber(r.students) })}
            </Text>
          </div>
          <Money value={r.balance} fw={600} size="sm" />
        </Group>
      ))}
    </Stack>
  );
}
