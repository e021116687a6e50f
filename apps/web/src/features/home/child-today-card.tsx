import { SimpleGrid, Text } from "@mantine/core";
import { IconCalendarCheck, IconMoon } from "@tabler/icons-react";
import type { HomeData } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { useReferenceName } from "../../ui/reference-name";
import { forChild, LinkCard } from "./home-card";

type Today = HomeData["today"];

const STATE_COLOR = { present: "green", late: "orange", absent: "red", not_taken: "gray" } as const;
/** The word's own colour: shades that keep 4.5:1 on white (Mantine's green and orange do not). */
const STATE_TEXT = { present: "teal.9", late: undefined, absent: "red.9", not_taken: "dimmed" } as const;

/** The word for today's mark: the state, made precise by the school's meaning (excused, on leave, half day). */
function attendanceWord(a: Today["attendance"]): string {
  if (a.state === "absent" && (a.meaning === "excused" || a.meaning === "on_leave")) return a.meaning;
  if (a.state === "present" && a.meaning === "half_day") return "half_day";
  return a.state;
}

/** Today at a glance: present or not, and the prayers logged, each opening its screen (side by side from 576 px; a phone stacks them, as long Malayalam words need the width). */
export function ChildTodayCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const prayerName = useReferenceName("prayers");
  const { attendance, prayers } = home.today;
  const id = home.student.id;
  const prayed = prayers.logs.filter((p) => p.meaning === "congregation" || p.meaning === "alone" || p.meaning === "late");
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <LinkCard
        to={forChild("/parent/attendance", id)}
        icon={IconCalendarCheck}
        color={STATE_COLOR[attendance.state]}
        title={t("homeCards.today.attendance")}
        testId="home-attendance"
      >
        <Text fw={700} c={STATE_TEXT[attendance.state]} data-state={attendance.state}>
          {t(`homeCards.attendance.${attendanceWord(attendance)}`)}
        </Text>
      </LinkCard>
      <LinkCard to={forChild("/parent/salaah-week", id)} icon={IconMoon} title={t("homeCards.today.prayers")} testId="home-prayers">
        <Text fw={700}>{t("homeCards.prayers.done", { prayed: formatNumber(prayers.prayed), of: formatNumber(prayers.of) })}</Text>
        {prayed.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {prayed.map((p, i) => (
              <span key={p.salaahTypeId}>
                {i > 0 && " · "}
                <bdi>{prayerName(p)}</bdi>
              </span>
            ))}
          </Text>
        )}
      </LinkCard>
    </SimpleGrid>
  );
}
