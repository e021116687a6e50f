import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import type { MarkConflict, RegisterLine } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatDate, formatTime } from "../../../lib/format";
import { lineName, MEANING_COLOR } from "../../../ui/register/register-marks";
import type { Choice } from "./register-resume";

// The title in the page's own colour: Mantine's orange on its light orange falls short of 4.5:1.
const ALERT_STYLES = { title: { color: "var(--mantine-color-text)" } };

import type { PendingSave } from "../../../lib/register-store";

interface Props {
  conflicts: MarkConflict[];
  lines: readonly RegisterLine[];
  choices: Record<number, Choice>;
  onChoose(studentId: number, choice: Choice): void;
  /** Given when the register can no longer be saved here (too old now, or no longer this teacher's): drop the waiting save. */
  onDiscard?: () => void;
}

/** One side of a child's conflict: a mark to keep, pressed when kept. */
function Side({ label, mark, detail, kept, onKeep }: { label: string; mark: MarkConflict["mine"]; detail?: string; kept: boolean; onKeep(): void }) {
  const { t } = useTranslation("attendance");
  const color = `var(--mantine-color-${MEANING_COLOR[mark.meaning]}-6)`;
  return (
    <UnstyledButton onClick={onKeep} aria-pressed={kept} style={{ minHeight: 48 }}>
      <Paper withBorder p={6} radius="sm" h="100%" style={{ borderColor: kept ? color : undefined, borderWidth: kept ? 2 : 1 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={700} c={kept ? color : undefined}>
          {mark.code} · {t(`meanings.${mark.meaning}`)}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {detail}
          </Text>
        )}
      </Paper>
    </UnstyledButton>
  );
}

/**
 * A register's save that crossed someone else's marks: for each child, their mark beside the
 * teacher's, one tap to keep either (or all of one side at once); saving again sends the choices.
 */
export function RegisterConflicts({ conflicts, lines, choices, onChoose, onDiscard }: Props) {
  const { t, i18n } = useTranslation("attendance");
  const nameOf = (c: MarkConflict) => lineName(lines.find((l) => l.studentId === c.studentId) ?? { name: c.name, nameNative: null }, i18n.language);
  const chooseAll = (choice: Choice) => {
    for (const c of conflicts) onChoose(c.studentId, choice);
  };
  return (
    <Alert color="orange" title={t("register.conflictTitle", { count: conflicts.length })} styles={ALERT_STYLES} data-testid="conflicts">
      <Stack gap="xs">
        <Text size="sm">{t(onDiscard ? "register.conflictLocked" : "register.conflictIntro")}</Text>
        <Group gap="xs">
          {onDiscard ? (
            <Button size="compact-sm" variant="default" onClick={onDiscard}>
              {t("register.discard")}
            </Button>
          ) : (
            <>
              <Button size="compact-sm" variant="default" onClick={() => chooseAll("theirs")}>
                {t("register.keepAllTheirs")}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => chooseAll("mine")}>
                {t("register.keepAllMine")}
              </Button>
            </>
          )}
        </Group>
        {conflicts.map((c) => (
          <Stack key={c.studentId} gap={4} data-testid="conflict" data-student={c.studentId}>
            <Text fw={600} truncate>
              {nameOf(c)}
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <Side
                label={t("register.theirs")}
                mark={c.theirs}
                detail={t("register.theirsBy", { name: c.theirs.byName, time: formatTime(c.theirs.at) })}
                kept={choices[c.studentId] === "theirs"}
                onKeep={() => onChoose(c.studentId, "theirs")}
              />
              <Side label={t("register.mine")} mark={c.mine} kept={choices[c.studentId] === "mine"} onKeep={() => onChoose(c.studentId, "mine")} />
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

/** Other registers whose saves wait for this teacher's choice, each a tap away. */
export function OtherConflicts({ saves, onOpen }: { saves: PendingSave[]; onOpen(save: PendingSave): void }) {
  const { t } = useTranslation("attendance");
  if (!saves.length) return null;
  return (
    <Alert color="orange" title={t("register.otherConflicts")} styles={ALERT_STYLES} data-testid="other-conflicts">
      <Stack gap={4}>
        {saves.map((s) => (
          <Group key={s.batchId} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {s.label} · {formatDate(s.body.date)}
            </Text>
            <Button size="compact-sm" variant="light" color="orange" onClick={() => onOpen(s)}>
              {t("register.open")}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
