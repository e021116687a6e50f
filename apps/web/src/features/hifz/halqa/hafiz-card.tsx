import { Accordion, Badge, Button, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconChartDots } from "@tabler/icons-react";
import { type RecitationMetricRow, type RecitationTypeRow, SITTING_ATTENDANCE, type SittingAttendance } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReferenceName } from "../../../ui/reference-name";
import { type HafizDraft, isAway, type LogDraft, refText, type SeatedHafiz } from "./halqa-draft";
import { LogEditor } from "./log-editor";

export const ATTENDANCE_COLOR: Record<SittingAttendance, string> = { present: "teal", late: "yellow", absent: "red", excused: "gray" };

interface HafizCardProps {
  hafiz: SeatedHafiz;
  draft: HafizDraft;
  types: RecitationTypeRow[];
  metrics: RecitationMetricRow[];
  /** Open: its streams are drawn (a closed card draws only its summary). */
  open: boolean;
  onChange: (draft: HafizDraft) => void;
  /** By `${typeId}.${field}` (or "attendance"), the texts of this hafiz's problems. */
  problems: Record<string, string>;
  /** The hafiz's profile: progress, the heat map and the open mistakes. */
  profileTo: string;
}

/**
 * One child of the halqa: closed, the name, whether they came and what they recited; open, a link
 * to their profile, the attendance and a section per recitation type. A child absent or excused
 * recites nothing.
 */
export function HafizCard({ hafiz, draft, types, metrics, open, onChange, problems, profileTo }: HafizCardProps) {
  const { t } = useTranslation("hifz");
  const typeName = useReferenceName("recitationTypes");
  const away = isAway(draft.attendance);
  const recited = away ? [] : types.filter((ty) => draft.logs[ty.id]?.on);
  const setLog = (typeId: number, log: LogDraft) => onChange({ ...draft, logs: { ...draft.logs, [typeId]: log } });
  const troubled = Object.keys(problems).length > 0;
  const id = `h${hafiz.hafizId}`;

  return (
    <Accordion.Item value={String(hafiz.hafizId)} data-testid={`hafiz-${hafiz.hafizId}`}>
      <Accordion.Control aria-label={hafiz.name}>
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text fw={600} truncate>
              <bdi>{hafiz.name}</bdi>
            </Text>
            <Badge color={troubled ? "red" : ATTENDANCE_COLOR[draft.attendance]} variant="dot" style={{ flexShrink: 0 }}>
              {troubled ? t("halqa.fix") : t(`attendance.${draft.attendance}`)}
            </Badge>
          </Group>
          {recited.length > 0 && (
            <Text size="xs" c="dimmed" truncate>
              {recited.map((ty, i) => (
                <span key={ty.id}>
                  {i > 0 && " · "}
                  {typeName(ty)}{" "}
                  <bdi dir="ltr">
                    {refText(draft.logs[ty.id]!.start)}–{refText(draft.logs[ty.id]!.end)}
                  </bdi>
                </span>
              ))}
            </Text>
          )}
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        {open && (
          <Stack gap="sm">
            <Button
              component={Link}
              to={profileTo}
              variant="default"
              leftSection={<IconChartDots size={18} />}
              justify="flex-start"
              data-testid={`${id}-profile`}
            >
              {t("halqa.profile")}
            </Button>
            <SegmentedControl
              fullWidth
              size="xs"
              aria-label={t("halqa.attendance")}
              value={draft.attendance}
              onChange={(v) => onChange({ ...draft, attendance: v as SittingAttendance })}
              data={SITTING_ATTENDANCE.map((a) => ({ value: a, label: t(`attendance.${a}`) }))}
              data-testid={`${id}-attendance`}
            />
            {problems.attendance && (
              <Text size="sm" c="red.8" role="alert">
                {problems.attendance}
              </Text>
            )}
            {away ? (
              <Text size="sm" c="dimmed">
                {t("halqa.awayNote")}
              </Text>
            ) : (
              types.map((ty) => (
                <LogEditor
                  key={ty.id}
                  type={ty}
                  log={draft.logs[ty.id]!}
                  layoutName={hafiz.layoutName}
                  metrics={metrics}
                  onChange={(log) => setLog(ty.id, log)}
                  problems={Object.fromEntries(
                    Object.entries(problems)
                      .filter(([k]) => k.startsWith(`${ty.id}.`))
                      .map(([k, v]) => [k.slice(String(ty.id).length + 1), v]),
                  )}
                  testId={`${id}-t${ty.id}`}
                />
              ))
            )}
          </Stack>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
