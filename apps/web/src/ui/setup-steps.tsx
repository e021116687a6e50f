import { Alert, Button, Group, Text } from "@mantine/core";
import {
  IconArrowRight,
  IconBooks,
  IconCalendarEvent,
  IconCalendarStats,
  IconChalkboard,
  IconInfoCircle,
  IconListNumbers,
  type IconProps,
  IconSchool,
  IconUserCheck,
} from "@tabler/icons-react";
import { dashboardSummary, type SetupProgress } from "@taleem/contract";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useActionQuery } from "../lib/use-action";
import { useAreaPath } from "./area-path";
import mirror from "./mirror.module.css";
import { useCan } from "./use-can";

export type SetupStep = keyof SetupProgress;

/** Where each setup step is done, in the order a new school needs them. */
export const SETUP: readonly { step: SetupStep; path: string; icon: ComponentType<IconProps>; permission: readonly [string, string] }[] = [
  { step: "batches", path: "batches", icon: IconCalendarStats, permission: ["academics", "add"] },
  { step: "courses", path: "courses", icon: IconBooks, permission: ["academics", "add"] },
  { step: "courseClasses", path: "course-classes", icon: IconListNumbers, permission: ["academics", "add"] },
  { step: "classrooms", path: "classrooms", icon: IconChalkboard, permission: ["academics", "add"] },
  { step: "students", path: "students", icon: IconSchool, permission: ["students", "add"] },
  // Students are enrolled from a classroom's roster, many at once.
  { step: "enrolments", path: "classrooms", icon: IconUserCheck, permission: ["academics", "add"] },
  { step: "hours", path: "timetable", icon: IconCalendarEvent, permission: ["academics", "add"] },
];

/** How far the school has come: the dashboard summary's counts (undefined while loading or not allowed). */
export function useSetupProgress() {
  const allowed = useCan();
  // Read fresh on each screen: a step just taken elsewhere must show as done.
  const query = useActionQuery(dashboardSummary, {}, { enabled: allowed("students", "view") });
  return { ...query, setup: query.data?.data.setup };
}

/**
 * The way to the step that fills an empty screen: "Add a classroom" on a screen that needs one.
 * Shown only to someone who may take that step.
 */
export function SetupLink({ step, variant = "filled" }: { step: SetupStep; variant?: "filled" | "default" | "light" }) {
  const { t } = useTranslation("admin");
  const to = useAreaPath();
  const allowed = useCan();
  const s = SETUP.find((x) => x.step === step);
  if (!s || !allowed(...s.permission)) return null;
  const Icon = s.icon;
  return (
    <Button
      component={Link}
      to={to(s.path)}
      variant={variant}
      leftSection={<Icon size={16} />}
      rightSection={<IconArrowRight size={16} className={mirror.mirror} aria-hidden />}
    >
      {t(`setup.steps.${step}.action`)}
    </Button>
  );
}

/** The first of `needs` the school has not made yet (e.g. no academic year before a classroom). */
export function useFirstGap(needs: readonly SetupStep[]): SetupStep | undefined {
  const { setup } = useSetupProgress();
  if (!setup) return undefined;
  return needs.find((n) => setup[n] === 0);
}

/**
 * Above a screen that needs earlier steps (classrooms need a year and a class): what is missing
 * and the way to it, so an empty screen is never a dead end.
 */
export function SetupGapNotice({ needs }: { needs: readonly SetupStep[] }) {
  const { t } = useTranslation("admin");
  const gap = useFirstGap(needs);
  if (!gap) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md" data-testid="setup-gap">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t(`setup.steps.${gap}.gap`)}</Text>
        <SetupLink step={gap} variant="light" />
      </Group>
    </Alert>
  );
}
