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
  IconSwitchHorizontal,
  IconUserCheck,
  IconUserCircle,
  IconUsersGroup,
} from "@tabler/icons-react";
import { can, linkedChildren } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRoleName } from "../../features/roles/role-name";
import { api } from "../../lib/api";
import { useAuth } from "../../lib/auth-store";
import { useActionQuery } from "../../lib/use-action";
import mirror from "../../ui/mirror.module.css";
import { SchoolMark } from "../../ui/school-mark";
import { type Child, ChildChooser, useChosenChild } from "./child-chooser";
import { useTeaches } from "./parent-access";

interface Capability {
  key: string;
  icon: ComponentType<IconProps>;
  to?: string;
}

/** The children this account follows (GET /user/api/home/children: the school's guardian links). */
function useChildren(): Child[] {
  return useActionQuery(linkedChildren).data?.rows ?? [];
}

/** GET /user/api/home?student=: skipped while no child is chosen, as the specification says. */
function useHomeData(studentId: number | undefined) {
  return useQuery({
    queryKey: ["home", studentId],
    queryFn: () => api.get<Record<string, unknown>>("/user/api/home", { student: studentId }),
    enabled: studentId !== undefined,
  });
}

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

/** The parent area's home: who is signed in and where, the chosen child, and what this role can do here. */
export function ParentHomePage() {
  const { t } = useTranslation("parent");
  const user = useAuth((s) => s.user);
  const roleName = useRoleName();
  const teaches = useTeaches();
  const list = useChildren();
  const { chosen, choose } = useChosenChild(list);
  useHomeData(chosen?.id);
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
  if (user.profiles.length > 1) caps.push({ key: "switch", icon: IconSwitchHorizontal, to: "/parent/profile" });

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed">
          {t("home.greeting")}
        </Text>
        <Title order={2} data-testid="parent-name">
          <bdi>{user.name}</bdi>
        </Title>
        <Badge variant="outline" color="teal.9" mt={4}>
          {roleName(user.role.name)}
        </Badge>
      </div>
      <Card withBorder radius="md" padding="md">
        <Group wrap="nowrap" gap="md">
          <SchoolMark size={48} />
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
      {!teaches && (
        <section aria-labelledby="home-child">
          <Title order={3} size="h4" id="home-child" mb="xs">
            {chosen ? chosen.name : t("children.title")}
          </Title>
          <ChildChooser list={list} chosen={chosen} onChoose={choose} />
        </section>
      )}
      <section aria-labelledby="home-can">
        <Title order={3} size="h4" id="home-can" mb="xs">
          {t("home.canTitle")}
        </Title>
        <Card withBorder radius="md" padding="sm">
          <Stack gap={2}>
            {caps.map((c) => (
              <CapabilityRow key={c.key} cap={c} />
            ))}
          </Stack>
        </Card>
      </section>
    </Stack>
  );
}
