import { Anchor, Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCake, IconChalkboard, IconFileDescription, IconSchool } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import { useAreaPath } from "../../ui/area-path";
import { useSetupProgress } from "../../ui/setup-steps";
import { useCan } from "../../ui/use-can";
import { CountCard } from "./count-card";

/** Students, classrooms, pending applications and today's birthdays, from one call. */
export function SchoolSummary() {
  const { t } = useTranslation("admin");
  const to = useAreaPath();
  const allowed = useCan();
  const summary = useSetupProgress();
  if (!allowed("students", "view")) return null;
  const data = summary.data?.data;
  const loading = summary.isPending;
  const birthdays = data?.birthdays ?? [];

  return (
    <section aria-labelledby="dash-today">
      <Title order={3} size="h4" id="dash-today" mb="sm">
        {t("dashboard.today")}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <CountCard
          testId="count-students"
          label={t("dashboard.students")}
          value={data?.students}
          loading={loading}
          to={to("students")}
          icon={<IconSchool size={24} />}
        />
        <CountCard
          testId="count-classrooms"
          label={t("dashboard.classrooms")}
          value={data?.classrooms}
          loading={loading}
          to={allowed("academics", "view") ? to(data?.yearId ? `classrooms?batchId=${data.yearId}&status=active` : "classrooms") : undefined}
          icon={<IconChalkboard size={24} />}
        />
        <CountCard
          testId="count-admissions"
          label={t("dashboard.pendingAdmissions")}
          value={data?.pendingAdmissions}
          loading={loading}
          to={allowed("admissions", "view") ? to("admissions") : undefined}
          icon={<IconFileDescription size={24} />}
        />
        <CountCard testId="count-birthdays" label={t("dashboard.birthdays")} value={data?.birthdays.length} loading={loading} icon={<IconCake size={24} />} />
      </SimpleGrid>
      {birthdays.length > 0 && (
        <Paper withBorder radius="md" p="md" mt="md" aria-labelledby="dash-birthdays">
          <Text fw={600} id="dash-birthdays" mb="xs">
            {t("dashboard.birthdaysToday")}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="birthdays">
            {birthdays.map((b) => (
              <Group key={b.id} component="li" gap="sm" wrap="nowrap">
                <Avatar src={b.photo ?? undefined} radius="xl" size={32} alt="" />
                <Anchor component={Link} to={to(`students/${b.id}`)} size="sm" fw={500} style={{ minWidth: 0 }}>
                  <bdi>{b.name}</bdi>
                </Anchor>
                {b.nameNative && (
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    <bdi>{b.nameNative}</bdi>
                  </Text>
                )}
                <Badge variant="light" color="pink" c="pink.9" tt="none" ms="auto" style={{ flexShrink: 0 }}>
                  {t("dashboard.turns", { n: formatNumber(b.turns) })}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </section>
  );
}
