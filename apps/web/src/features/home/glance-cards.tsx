import { Badge, Group, Text } from "@mantine/core";
import { IconBell, IconClock, IconNotebook, IconReceipt2, IconReportAnalytics } from "@tabler/icons-react";
import type { HomeData } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney, formatNumber } from "../../lib/format";
import { formatTimeRange } from "../../lib/time-text";
import { useReferenceName } from "../../ui/reference-name";
import { forChild, LinkCard } from "./home-card";

type Today = HomeData["today"];

/** The next lesson of the child's timetable (today's, else the next school day's). */
export function NextLessonCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const lesson = home.today.nextLesson;
  if (!lesson) return null;
  const when = lesson.date === home.today.date ? t("homeCards.lesson.today") : formatDate(lesson.date);
  return (
    <LinkCard to={forChild("/parent/lessons", home.student.id)} icon={IconClock} color="blue" title={t("homeCards.lesson.title")} testId="home-lesson">
      <Text fw={700} dir="auto" lineClamp={1}>
        {lesson.subjectName ?? t("homeCards.lesson.noSubject")}
      </Text>
      <Text size="sm" c="dimmed">
        {when} · <bdi>{formatTimeRange(lesson.startTime, lesson.endTime)}</bdi>
        {lesson.teacherName && (
          <>
            {" · "}
            <bdi>{lesson.teacherName}</bdi>
          </>
        )}
      </Text>
    </LinkCard>
  );
}

// Dark shades in outline (Mantine's green and orange 9 fall short): badge text keeps 4.5:1 contrast at its small size.
const GRADE_COLOR = ["red.9", "red.9", "red.9", "indigo.9", "teal.9", "teal.9"] as const;

/** The latest memorisation lesson and the mistakes still open. */
export function HifzCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const typeName = useReferenceName("recitationTypes");
  const hifz = home.today.hifz;
  if (!hifz) return null;
  return (
    <LinkCard to={forChild("/parent/hifz", home.student.id)} icon={IconNotebook} color="grape" title={t("homeCards.hifz.title")} testId="home-hifz">
      <Group gap={6} wrap="wrap">
        <Text fw={700}>
          <bdi>{typeName({ name: hifz.recitationTypeName, builtinKey: hifz.recitationTypeKey })}</bdi>
        </Text>
        {/* surah:ayah stays left to right in every language; its digits are never mirrored. */}
        <Text fw={700} span dir="ltr" style={{ unicodeBidi: "isolate" }}>
          {hifz.range}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {formatDate(hifz.date)} · {t(`homeCards.hifz.status.${hifz.status}`)} ·{" "}
        {t("homeCards.hifz.pages", { n: formatNumber(hifz.pages, { maximumFractionDigits: 1 }) })}
      </Text>
      <Group gap={6} mt={4}>
        {hifz.grade != null && (
          <Badge size="sm" tt="none" variant="outline" color={GRADE_COLOR[hifz.grade]}>
            {t("homeCards.hifz.grade", { n: formatNumber(hifz.grade) })}
          </Badge>
        )}
        <Badge size="sm" tt="none" variant="outline" color={hifz.openMistakes ? "red.9" : "teal.9"} data-testid="home-hifz-mistakes">
          {hifz.openMistakes ? t("homeCards.hifz.mistakes", { n: formatNumber(hifz.openMistakes) }) : t("homeCards.hifz.noMistakes")}
        </Badge>
      </Group>
    </LinkCard>
  );
}

/** The next fee with something owed; nothing when all is paid. */
export function FeeCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const fee = home.today.feeDue;
  if (!fee) return null;
  return (
    <LinkCard
      to={forChild("/parent/fees", home.student.id)}
      icon={IconReceipt2}
      color={fee.overdue ? "red" : "yellow"}
      title={t("homeCards.fee.title")}
      testId="home-fee"
    >
      <Group gap={6} wrap="wrap">
        <Text fw={700}>
          <bdi>{formatMoney(fee.amount, fee.currency)}</bdi>
        </Text>
        {fee.overdue && (
          <Badge size="sm" tt="none" color="red.9" variant="outline">
            {t("homeCards.fee.overdue")}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" lineClamp={2}>
        <bdi>{fee.name}</bdi> · {t("homeCards.fee.dueOn", { date: formatDate(fee.dueDate) })}
      </Text>
    </LinkCard>
  );
}

/** The latest published result (the school's publishing gate decides what reaches a parent). */
export function ResultCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const result = home.today.latestResult;
  if (!result) return null;
  return (
    <LinkCard
      to={forChild("/parent/results", home.student.id)}
      icon={IconReportAnalytics}
      color="indigo"
      title={t("homeCards.result.title")}
      testId="home-result"
    >
      <Text fw={700} dir="auto" lineClamp={2}>
        {result.name}
      </Text>
      <Group gap={6} mt={2}>
        {result.percent != null && (
          <Text size="sm" fw={600}>
            <bdi>{formatNumber(result.percent / 100, { style: "percent", maximumFractionDigits: 0 })}</bdi>
          </Text>
        )}
        {result.grade && (
          <Badge size="sm" tt="none" variant="outline" color="indigo.9">
            {t("homeCards.result.grade", { grade: result.grade })}
          </Badge>
        )}
        {result.passed != null && (
          <Badge size="sm" tt="none" variant="outline" color={result.passed ? "teal.9" : "red.9"}>
            {t(result.passed ? "homeCards.result.passed" : "homeCards.result.failed")}
          </Badge>
        )}
      </Group>
    </LinkCard>
  );
}

/** The signed-in person's unread notifications, opening the list. */
export function NotificationsCard({ today }: { today: Today }) {
  const { t } = useTranslation("parent");
  const n = today.unreadNotifications;
  return (
    <LinkCard to="/parent/notifications" icon={IconBell} color={n ? "blue" : "gray"} title={t("homeCards.notifications.title")} testId="home-notifications">
      <Text fw={n ? 700 : 500}>{n ? t("homeCards.notifications.unread", { n: formatNumber(n) }) : t("homeCards.notifications.none")}</Text>
    </LinkCard>
  );
}
