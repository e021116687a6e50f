import { Badge, Card, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import {
  IconBooks,
  IconCalendarCheck,
  IconCalendarOff,
  IconChalkboard,
  IconChecklist,
  IconChevronRight,
  IconLanguage,
  IconListCheck,
  IconListNumbers,
  IconMoodKid,
  IconMoon,
  IconNotebook,
  IconPencilCheck,
  type IconProps,
  IconReceipt2,
  IconReportAnalytics,
  IconUserCheck,
  IconUserCircle,
  IconUsersGroup,
} from "@tabler/icons-react";
import { can } from "@taleem/contract";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChildHome } from "../../features/home/child-home";
import { HomeSkeleton } from "../../features/home/home-card";
import { ProfileSwitch } from "../../features/home/profile-switch";
import { useHomeChildren } from "../../features/home/use-home";
import { TeacherToday } from "../../features/teaching/teacher-today";
import { useAuth } from "../../lib/auth-store";
import { useTeaches } from "../../lib/parent-access";
import { useRoleName } from "../../lib/role-name";
import { ChildChooser, useChosenChild } from "../../ui/child-chooser";
import { FailureState } from "../../ui/list-states";
import mirror from "../../ui/mirror.module.css";
import { SchoolMark } from "../../ui/school-mark";

interface Capability {
  key: string;
  icon: ComponentType<IconProps>;
  to?: string;
}

/** What the child's cards already open: the list below leaves these out while the cards show. */
const ON_CARDS = new Set(["follow", "attendanceView", "salaahWeek", "hifzView", "results", "tasks", "materials", "fees", "lessons"]);

function CapabilityRow({ cap }: { cap: Capability }) {
  const { t } = useTranslation("parent");
  const body = (
    <Group wrap="nowrap" gap="sm" py={6}>
      <ThemeIcon variant="light" radius="xl" size={36}>
        <cap.icon size={20} />
      </ThemeIcon>
      <div style={{ flex: 1 }}>
        <Text size="sm" fw={600}>
          {t(`can.${cap.key}.title`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`can.${cap.key}.text`)}
        </Text>
      </div>
      {cap.to && <IconChevronRight size={16} className={mirror.mirror} aria-hidden />}
    </Group>
  );
  return cap.to ? (
    <UnstyledButton component={Link} to={cap.to} style={{ borderRadius: "var(--mantine-radius-md)" }}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

/**
 * The parent area's home: who is signed in and where; for a family the chosen child's day (GET
 * /user/api/home?student=, skipped while no child is chosen), for a teaching profile what waits
 * for them; then what this role can do here.
 */
export function ParentHomePage() {
  const { t } = useTranslation("parent");
  const user = useAuth((s) => s.user);
  const roleName = useRoleName();
  const teaches = useTeaches();
  const children = useHomeChildren();
  const { list } = children;
  const { chosen, choose } = useChosenChild(list);
  if (!user) return null;
  const p = user.role.permissions;

  const caps: Capability[] = teaches
    ? [
        { key: "classes", icon: IconChalkboard, to: "/parent/classes" },
        ...(can(p, "attendance", "add")
          ? [
              { key: "attendance", icon: IconCalendarCheck, to: "/parent/register" },
              { key: "salaahGrid", icon: IconMoon, to: "/parent/salaah" },
            ]
          : []),
        ...(can(p, "hifz", "add") ? [{ key: "hifz", icon: IconNotebook, to: "/parent/halqa" }] : []),
        ...(can(p, "tasks", "add") ? [{ key: "setTask", icon: IconListCheck, to: "/parent/tasks" }] : []),
      ]
    : [
        { key: "follow", icon: IconMoodKid },
        { key: "attendanceView", icon: IconCalendarCheck, to: "/parent/attendance" },
        { key: "salaahWeek", icon: IconMoon, to: "/parent/salaah-week" },
        { key: "hifzView", icon: IconNotebook, to: "/parent/hifz" },
        { key: "results", icon: IconReportAnalytics, to: "/parent/results" },
        { key: "tasks", icon: IconListCheck, to: "/parent/tasks" },
        { key: "materials", icon: IconBooks, to: "/parent/materials" },
        { key: "fees", icon: IconReceipt2, to: "/parent/fees" },
        { key: "leave", icon: IconCalendarOff, to: "/parent/leave" },
        { key: "lessons", icon: IconListNumbers, to: "/parent/lessons" },
        { key: "meetings", icon: IconUsersGroup, to: "/parent/meetings" },
      ];
  if (teaches && can(p, "lessons", "add")) caps.push({ key: "lessonLog", icon: IconPencilCheck, to: "/parent/lesson-log" });
  if (can(p, "halls", "add")) caps.push({ key: "hallCheck", icon: IconUserCheck, to: "/parent/hall-check" });
  if (can(p, "checklists", "add")) caps.push({ key: "checklists", icon: IconChecklist, to: "/parent/checklists" });
  caps.push({ key: "profile", icon: IconUserCircle, to: "/parent/profile" }, { key: "language", icon: IconLanguage, to: "/parent/profile" });
  const shown = chosen && !teaches ? caps.filter((c) => !ON_CARDS.has(c.key)) : caps;

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed">
          {t("home.greeting")}
        </Text>
        <Title order={2} data-testid="parent-name">
          <bdi>{user.name}</bdi>
        </Title>
        <Group gap="xs" mt={4}>
          <Badge variant="outline" color="teal.9">
            {roleName(user.role.name)}
          </Badge>
          <ProfileSwitch />
        </Group>
      </div>
      {teaches ? (
        <TeacherToday />
      ) : (
        <section aria-labelledby="home-child">
          <Title order={3} size="h4" id="home-child" mb="xs">
            {chosen ? t("home.childToday") : t("children.title")}
          </Title>
          {children.known ? (
            <Stack gap="sm">
              <ChildChooser list={list} chosen={chosen} onChoose={choose} />
              {chosen && <ChildHome key={chosen.id} studentId={chosen.id} />}
            </Stack>
          ) : children.failed ? (
            <FailureState onRetry={children.retry} />
          ) : (
            <HomeSkeleton label={t("homeCards.loading")} />
          )}
        </section>
      )}
      <Card withBorder radius="md" padding="sm">
        <Group wrap="nowrap" gap="md">
          <SchoolMark size={40} />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t("home.school")}
            </Text>
            <Text fw={700} lineClamp={2}>
              <bdi>{user.tenant.name}</bdi>
            </Text>
            <Text size="sm" c="dimmed">
              {t("home.code")}: <span dir="ltr">{user.tenant.code}</span>
            </Text>
          </div>
        </Group>
      </Card>
      <section aria-labelledby="home-can">
        <Title order={3} size="h4" id="home-can" mb="xs">
          {t("home.canTitle")}
        </Title>
        <Card withBorder radius="md" padding="sm">
          <Stack gap={2}>
            {shown.map((c) => (
              <CapabilityRow key={c.key} cap={c} />
            ))}
          </Stack>
        </Card>
      </section>
    </Stack>
  );
}
