import { Badge, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { IconChecks, IconDeviceFloppy } from "@tabler/icons-react";
import type { AttendanceCodeBrief, AttendanceMeaning } from "@taleem/contract";
import type { Dispatch, ReactNode, SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { MEANING_COLOR } from "./register-marks";

/** How many students a register has of each meaning. */
export type MeaningTotals = Record<AttendanceMeaning, number>;

/** Present and absent are always counted, even at nought; the other meanings only once used. */
const shown = (meanings: readonly AttendanceMeaning[], totals: MeaningTotals, always: readonly AttendanceMeaning[]) =>
  meanings.filter((m) => totals[m] > 0 || always.includes(m));

const COUNTED: readonly AttendanceMeaning[] = ["present", "absent"];

/**
 * The counts above a register (the class register and a hall's roll call alike), read out as they
 * change so a teacher tapping through the list hears the totals move.
 */
export function RegisterCounts({ meanings, totals, testId }: { meanings: readonly AttendanceMeaning[]; totals: MeaningTotals; testId: string }) {
  const { t } = useTranslation("attendance");
  return (
    <Group gap={6} aria-live="polite" data-testid={testId}>
      {shown(meanings, totals, COUNTED).map((m) => (
        // The text in the page's own colour: Mantine's light teal, yellow and orange fall short of 4.5:1 at a badge's size.
        <Badge key={m} variant="light" color={MEANING_COLOR[m]} c="var(--mantine-color-text)">
          {t(`meanings.${m}`)}: {totals[m]}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The bar that stays at the bottom of a long register: everyone present (or in) at once, and
 * save; `blocked` says why saving must wait (a choice still to make) and holds the button.
 */
export function RegisterBar({
  allLabel,
  saveLabel,
  saving,
  blocked = null,
  onAll,
  onSave,
}: {
  allLabel: string;
  saveLabel: string;
  saving: boolean;
  blocked?: string | null;
  onAll: () => void;
  onSave: () => void;
}) {
  return (
    <Stack gap={4} style={{ position: "sticky", bottom: 8 }}>
      {blocked && (
        <Text size="sm" ta="center" c="orange.8" bg="var(--mantine-color-body)" data-testid="save-blocked">
          {blocked}
        </Text>
      )}
      <Group grow>
        <Button variant="default" leftSection={<IconChecks size={18} />} onClick={onAll}>
          {allLabel}
        </Button>
        <Button leftSection={<IconDeviceFloppy size={18} />} loading={saving} disabled={!!blocked} onClick={onSave}>
          {saveLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Every code for one student, opened by a long press on their line: the codes a tap does not
 * reach. The menu hangs from a fixed point mid-screen, so it opens in sight wherever the line was.
 */
export function CodeMenu({
  codes,
  lines,
  choosing,
  setMarks,
  onClose,
}: {
  codes: readonly AttendanceCodeBrief[];
  lines: readonly { studentId: number; name: string }[] | undefined;
  choosing: number | null;
  setMarks: Dispatch<SetStateAction<Record<number, number>>>;
  onClose: () => void;
}) {
  return (
    <Menu opened={choosing !== null} onChange={(o) => !o && onClose()} position="bottom" withinPortal>
      <Menu.Target>
        {/* Only where the menu hangs from: the line's own button is what a screen reader meets. */}
        <span aria-hidden style={{ position: "fixed", insetInlineStart: "50%", top: "40%" }} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{lines?.find((l) => l.studentId === choosing)?.name}</Menu.Label>
        {codes.map((c) => (
          <Menu.Item
            key={c.id}
            onClick={() => choosing !== null && setMarks((m) => ({ ...m, [choosing]: c.id }))}
            leftSection={<Badge color={MEANING_COLOR[c.meaning]}>{c.code}</Badge>}
          >
            {c.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The totals a register shows before it is saved, with a line on who will be told. */
export function ConfirmTotals({
  meanings,
  totals,
  always = COUNTED,
  note,
  testId,
}: {
  meanings: readonly AttendanceMeaning[];
  totals: MeaningTotals;
  /** Meanings listed even at nought. */
  always?: readonly AttendanceMeaning[];
  note: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation("attendance");
  return (
    <Stack gap={4} data-testid={testId}>
      {shown(meanings, totals, always).map((m) => (
        <Group key={m} justify="space-between">
          <Text>{t(`meanings.${m}`)}</Text>
          <Text fw={700}>{totals[m]}</Text>
        </Group>
      ))}
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
