import { Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import {
  IconChevronRight,
  IconCircleCheck,
  IconCircleDashed,
  IconSettings,
  IconShieldLock,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { getSettings, type RoleRow } from "@taleem/contract";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DashboardFilters, useDashboardFilters } from "../../features/dashboard/dashboard-filters";
import { SchoolFigures } from "../../features/dashboard/school-figures";
import { api } from "../../lib/api";
import { useAuth } from "../../lib/auth-store";
import { formatNumber } from "../../lib/format";
import { useRoleName } from "../../lib/role-name";
import { useActionQuery } from "../../lib/use-action";
import { useAreaPath } from "../../ui/area-path";
import mirror from "../../ui/mirror.module.css";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";
import { SchoolMark } from "../../ui/school-mark";
import { useCan } from "../../ui/use-can";
import { CountCard } from "./count-card";
import { SchoolSummary } from "./school-summary";
import { SetupChecklist } from "./setup-checklist";

type RolesReply = ListReply<RoleRow> & { activeRoles?: number; inactiveRoles?: number };

function Step({ to, title, text, done, icon }: { to: string; title: string; text: string; done?: boolean; icon: ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <UnstyledButton
      component={Link}
      to={to}
      p="sm"
      style={{ borderRadius: "var(--mantine-radius-md)", border: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group wrap="nowrap" gap="md">
        <ThemeIcon variant="light" size={40} radius="xl" color={done ? "teal" : "blue"}>
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            {done !== undefined &&
              (done ? (
                <Badge color="teal.9" variant="outline" leftSection={<IconCircleCheck size={12} />}>
                  {t("dashboard.done")}
                </Badge>
              ) : (
                <Badge color="gray.7" variant="outline" leftSection={<IconCircleDashed size={12} />}>
                  {t("dashboard.todo")}
                </Badge>
              ))}
          </Group>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
        <IconChevronRight size={18} className={mirror.mirror} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** The school at a glance: who it is, how many of each kind of person it has, and what to set up next. */
export function DashboardPage() {
  const { t } = useTranslation(["admin", "dashboard"]);
  const user = useAuth((s) => s.user);
  const allowed = useCan();
  const filters = useDashboardFilters();
  const to = useAreaPath();
  const roleName = useRoleName();
  const seeUsers = allowed("users", "view");
  const seeRoles = allowed("roles", "view");
  const seeSettings = allowed("settings", "view");

  const roles = useQuery({
    queryKey: resourceKeys("role").list({ limit: 100, sort: "name" }),
    queryFn: () => api.get<RolesReply>(resourceUrl("role"), { limit: 100, sort: "name" }),
    enabled: seeRoles,
  });
  const total = useQuery({
    queryKey: resourceKeys("user").list({ limit: 1 }),
    queryFn: () => api.get<ListReply<unknown>>(resourceUrl("user"), { limit: 1 }),
    enabled: seeUsers,
  });
  const activeRoles = (roles.data?.rows ?? []).filter((r) => r.status === "active");
  const byRole = useQueries({
    queries: activeRoles.map((r) => ({
      queryKey: resourceKeys("user").list({ roleId: r.id, limit: 1 }),
      queryFn: () => api.get<ListReply<unknown>>(resourceUrl("user"), { roleId: r.id, limit: 1 }),
      enabled: seeUsers,
    })),
  });
  const settings = useActionQuery(getSettings, {}, { enabled: seeSettings });

  const countOf = (builtin: string) => {
    const i = activeRoles.findIndex((r) => r.builtin === builtin);
    return i < 0 ? undefined : byRole[i]?.data?.count;
  };
  const roleOf = (builtin: string) => activeRoles.find((r) => r.builtin === builtin);
  const usersOfRole = (builtin: string) => {
    const r = roleOf(builtin);
    return r ? to(`users?roleId=${r.id}`) : to("users");
  };
  const staffCount = (countOf("staff") ?? 0) + (countOf("muawin") ?? 0);
  const settingsDone = !!settings.data && (settings.data.profile.trim() !== "" || Object.keys(settings.data.config).length > 0);

  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={2}>{t("dashboard.title")}</Title>
      <Card withBorder radius="md" padding="lg">
        <Group wrap="nowrap" gap="lg" align="center">
          <SchoolMark size={64} />
          <div style={{ minWidth: 0 }}>
            <Text fz="xl" fw={700} lineClamp={2}>
              <bdi>{user.tenant.name}</bdi>
            </Text>
            <Group gap="xs" mt={4}>
              <Text size="sm" c="dimmed">
                {t("dashboard.code")}
              </Text>
              <Badge variant="outline" size="lg" style={{ textTransform: "none" }} dir="ltr">
                {user.tenant.code}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={6}>
              {t("dashboard.codeHint")}
            </Text>
          </div>
        </Group>
      </Card>

      <SetupChecklist />
      {allowed("students", "view") && (
        <section aria-labelledby="dash-figures">
          <Title order={3} size="h4" id="dash-figures">
            {t("dashboard:title")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("dashboard:description")}
          </Text>
          <Stack gap="md">
            <DashboardFilters filters={filters} />
            <SchoolFigures query={filters.query} />
          </Stack>
        </section>
      )}
      <SchoolSummary />

      {(seeUsers || seeRoles) && (
        <section aria-labelledby="dash-counts">
          <Title order={3} size="h4" id="dash-counts" mb="sm">
            {t("dashboard.counts")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {seeUsers && <CountCard label={t("dashboard.users")} value={total.data?.count} loading={total.isPending} icon={<IconUsers size={24} />} />}
            {seeUsers &&
              activeRoles.map((r, i) => (
                <CountCard
                  key={r.id}
                  label={roleName(r.name)}
                  value={byRole[i]?.data?.count}
                  loading={byRole[i]?.isPending}
                  icon={<IconUsersGroup size={24} />}
                />
              ))}
            {seeRoles && (
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                      {t("dashboard.roles")}
                    </Text>
                    {roles.isPending ? (
                      <Skeleton h={28} w={48} mt={6} />
                    ) : (
                      <Text fz={28} fw={700} lh={1.3}>
                        {formatNumber(roles.data?.count ?? 0)}
                      </Text>
                    )}
                    <Group gap={6} mt={4}>
                      <Badge color="teal.9" variant="outline" size="sm">
                        {t("dashboard.activeRoles", { n: formatNumber(roles.data?.activeRoles ?? 0) })}
                      </Badge>
                      <Badge color="gray.7" variant="outline" size="sm">
                        {t("dashboard.inactiveRoles", { n: formatNumber(roles.data?.inactiveRoles ?? 0) })}
                      </Badge>
                    </Group>
                  </div>
                  <ThemeIcon variant="light" size={44} radius="md">
                    <IconShieldLock size={24} />
                  </ThemeIcon>
                </Group>
              </Paper>
            )}
          </SimpleGrid>
        </section>
      )}

      <section aria-labelledby="dash-next">
        <Title order={3} size="h4" id="dash-next" mb={4}>
          {t("dashboard.nextSteps")}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t("dashboard.nextStepsText")}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {seeUsers && (
            <Step
              to={usersOfRole("staff")}
              icon={<IconUserPlus size={20} />}
              title={t("dashboard.steps.staff")}
              text={t("dashboard.steps.staffText")}
              done={roles.data ? staffCount > 0 : undefined}
            />
          )}
          {seeUsers && (
            <Step
              to={usersOfRole("parent")}
              icon={<IconUsers size={20} />}
              title={t("dashboard.steps.parents")}
              text={t("dashboard.steps.parentsText")}
              done={roles.data ? (countOf("parent") ?? 0) > 0 : undefined}
            />
          )}
          {seeRoles && <Step to={to("roles")} icon={<IconShieldLock size={20} />} title={t("dashboard.steps.roles")} text={t("dashboard.steps.rolesText")} />}
          {seeSettings && (
            <Step
              to={to("settings")}
              icon={<IconSettings size={20} />}
              title={t("dashboard.steps.settings")}
              text={t("dashboard.steps.settingsText")}
              done={settings.data ? settingsDone : undefined}
            />
          )}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
