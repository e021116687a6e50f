import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconCalendarCheck, IconListCheck, IconNotebook, IconPencil, IconUsers } from "@tabler/icons-react";
import type { TeachingChecklist, TeachingClassroom, TeachingGroup, TeachingHour, TeachingPaper, TeachingSitting } from "@taleem/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatNumber, localeOf } from "../../lib/format";
import { useCan } from "../../ui/use-can";
import { links, timeName } from "./teaching-links";

/** A link that looks like a button: every action on these cards opens the real screen. */
function Action({ to, icon, children, testId, primary }: { to: string; icon: ReactNode; children: ReactNode; testId?: string; primary?: boolean }) {
  return (
    <Button component={Link} to={to} size="sm" variant={primary ? "filled" : "default"} leftSection={icon} data-testid={testId}>
      {children}
    </Button>
  );
}

function CardShell({
  title,
  meta,
  badges,
  children,
  testId,
  classroomId,
}: {
  title: ReactNode;
  meta?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  testId: string;
  classroomId?: number;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId} data-classroom={classroomId}>
      <Stack gap={6}>
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{title}</Text>
          {meta && (
            <Text size="xs" c="dimmed">
              {meta}
            </Text>
          )}
        </div>
        {badges && (
          <Group gap={6} wrap="wrap">
            {badges}
          </Group>
        )}
        {children && (
          <Group gap="xs" wrap="wrap">
            {children}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

const span = (from: string | null, to: string | null) => (from ? `${timeName(from)} – ${timeName(to)}` : "");

/** A classroom with today's register and the marks still to enter, and what the role may open. */
export function ClassroomCard({ room, date, firstPaper }: { room: TeachingClassroom; date: string; firstPaper?: TeachingPaper }) {
  const { t } = useTranslation("parent");
  const can = useCan();
  const { register } = room;
  const takes = can("attendance", "add") && register.expected && !register.taken;
  return (
    <CardShell
      testId="class-card"
      classroomId={room.classroomId}
      title={<bdi>{room.label}</bdi>}
      meta={
        <>
          <bdi>{room.courseName}</bdi>
          {room.room && (
            <>
              {" · "}
              <bdi>{room.room}</bdi>
            </>
          )}
          {" · "}
          {t("classes.students", { n: formatNumber(room.students) })}
          {room.subjects.length > 0 && (
            <Text span display="block" size="xs" lineClamp={2}>
              <bdi>{new Intl.ListFormat(localeOf(), { type: "unit" }).format(room.subjects.map((s) => s.name))}</bdi>
            </Text>
          )}
        </>
      }
      badges={
        <>
          {room.classTeacher && (
            <Badge variant="outline" color="teal.9">
              {t("classes.classTeacher")}
            </Badge>
          )}
          {register.expected &&
            (register.taken ? (
              <Badge color="teal.9" variant="outline" data-testid="register-taken">
                {t("classes.registerTaken")}
              </Badge>
            ) : (
              <Badge color={register.waiting ? "orange.9" : "gray.7"} variant={register.waiting ? "filled" : "outline"} data-testid="register-waiting">
                {t("classes.registerNotTaken")}
              </Badge>
            ))}
          {room.marksMissing > 0 && (
            <Badge color="orange.9" variant="outline">
              {t("classes.marksMissing", { n: formatNumber(room.marksMissing) })}
            </Badge>
          )}
        </>
      }
    >
      {can("attendance", "view") && (
        <Action to={links.register(room.classroomId, date)} icon={<IconCalendarCheck size={16} />} testId="open-register" primary={takes && register.waiting}>
          {takes ? t("classes.takeRegister") : t("classes.openRegister")}
        </Action>
      )}
      <Action to={links.classList(room.classroomId)} icon={<IconUsers size={16} />} testId="open-class-list">
        {t("classes.classList")}
      </Action>
      {firstPaper && can("exams", "add") && (
        <Action to={links.marks(firstPaper.examId)} icon={<IconPencil size={16} />}>
          {t("classes.enterMarks")}
        </Action>
      )}
      {can("tasks", "add") && (
        <Action to={links.setTask} icon={<IconListCheck size={16} />}>
          {t("classes.setTask")}
        </Action>
      )}
    </CardShell>
  );
}

/** A timetable hour: its time, subject and classroom; today's opens that hour's register. */
export function HourCard({ hour, today }: { hour: TeachingHour; today: boolean }) {
  const { t } = useTranslation("parent");
  const can = useCan();
  return (
    <CardShell
      testId="hour-card"
      classroomId={hour.classroomId}
      title={
        <>
          <bdi>{hour.subjectName}</bdi> · <bdi>{hour.classroomLabel}</bdi>
        </>
      }
      meta={
        <>
          {span(hour.startTime, hour.endTime)}
          {hour.label && (
            <>
              {" · "}
              <bdi>{hour.label}</bdi>
            </>
          )}
          {" · "}
          <bdi>{hour.courseName}</bdi>
        </>
      }
    >
      {today && can("attendance", "view") && (
        <Action to={links.register(hour.classroomId, hour.date, hour.hourId)} icon={<IconCalendarCheck size={16} />}>
          {t("classes.hourRegister")}
        </Action>
      )}
      <Action to={links.classList(hour.classroomId)} icon={<IconUsers size={16} />}>
        {t("classes.classList")}
      </Action>
    </CardShell>
  );
}

/** A memorisation sitting: logged or not (today), opening the halqa screen on it. */
export function SittingCard({ sitting, today }: { sitting: TeachingSitting; today: boolean }) {
  const { t } = useTranslation("parent");
  const can = useCan();
  return (
    <CardShell
      testId="sitting-card"
      title={sitting.groupName ? <bdi>{sitting.groupName}</bdi> : t("classes.sitting")}
      meta={
        <>
          {span(sitting.startTime, sitting.endTime)}
          {sitting.startTime && " · "}
          {t("classes.seated", { n: formatNumber(sitting.seated) })}
        </>
      }
      badges={
        today &&
        (sitting.logCount > 0 ? (
          <Badge color="teal.9" variant="outline">
            {t("classes.sittingLogged", { n: formatNumber(sitting.logCount) })}
          </Badge>
        ) : (
          <Badge color="orange.9">{t("classes.sittingNotLogged")}</Badge>
        ))
      }
    >
      {can("hifz", "view") && (
        <Action to={links.sitting(sitting.sessionId)} icon={<IconNotebook size={16} />} primary={sitting.waiting && can("hifz", "add")}>
          {sitting.waiting && can("hifz", "add") ? t("classes.logSitting") : t("classes.openHalqa")}
        </Action>
      )}
    </CardShell>
  );
}

/** A halqa this person leads, and its members. */
export function GroupCard({ group }: { group: TeachingGroup }) {
  const { t } = useTranslation("parent");
  const can = useCan();
  return (
    <CardShell testId="group-card" title={<bdi>{group.name}</bdi>} meta={t("classes.members", { n: formatNumber(group.members) })}>
      {can("hifz", "view") && (
        <Action to={links.halqa(group.groupId)} icon={<IconNotebook size={16} />}>
          {t("classes.openHalqa")}
        </Action>
      )}
    </CardShell>
  );
}

/** A paper whose marks are not all in. */
export function PaperCard({ paper }: { paper: TeachingPaper }) {
  const { t } = useTranslation("parent");
  const can = useCan();
  return (
    <CardShell
      testId="paper-card"
      title={
        <>
          <bdi>{paper.subjectName}</bdi> · <bdi>{paper.classroomLabel}</bdi>
        </>
      }
      meta={
        <>
          <bdi>{paper.examName}</bdi>
          {" · "}
          <bdi>{paper.courseName}</bdi>
          {paper.date && ` · ${formatDate(paper.date)}`}
        </>
      }
      badges={
        <Badge color="orange.9" variant="outline">
          {t("classes.entered", { entered: formatNumber(paper.entered), students: formatNumber(paper.students) })}
        </Badge>
      }
    >
      {can("exams", "add") && (
        <Action to={links.marks(paper.examId)} icon={<IconPencil size={16} />} primary>
          {t("classes.enterMarks")}
        </Action>
      )}
    </CardShell>
  );
}

/** A checklist due now. */
export function ChecklistCard({ checklist }: { checklist: TeachingChecklist }) {
  const { t } = useTranslation("parent");
  const period =
    checklist.startDate === checklist.endDate ? formatDate(checklist.startDate) : `${formatDate(checklist.startDate)} – ${formatDate(checklist.endDate)}`;
  return (
    <CardShell
      testId="checklist-card"
      title={<bdi>{checklist.name}</bdi>}
      meta={period}
      badges={
        checklist.sentBack && (
          <Badge color="red.9" variant="outline">
            {t("classes.sentBack")}
          </Badge>
        )
      }
    >
      <Action to={links.checklists} icon={<IconListCheck size={16} />} primary>
        {t("classes.submitChecklist")}
      </Action>
    </CardShell>
  );
}
