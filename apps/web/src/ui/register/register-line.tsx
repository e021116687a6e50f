import { Badge, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useLongPress } from "@mantine/hooks";
import type { AttendanceCodeBrief, RegisterLine as Line } from "@taleem/contract";
import { memo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { lineName, MEANING_COLOR } from "./register-marks";

interface Props {
  line: Line;
  code: AttendanceCodeBrief | undefined;
  disabled: boolean;
  conflict: boolean;
  onTap(studentId: number): void;
  onMore(studentId: number): void;
}

/**
 * One child on the register: a tap moves to the next common code, a long press (or the context
 * menu) opens every code. The long press's own release is not also counted as a tap.
 */
export const RegisterLine = memo(function RegisterLine({ line, code, disabled, conflict, onTap, onMore }: Props) {
  const { t, i18n } = useTranslation("attendance");
  const pressed = useRef(false);
  const press = useLongPress(
    () => {
      pressed.current = true;
      onMore(line.studentId);
    },
    { threshold: 500, cancelOnMove: true },
  );
  const name = lineName(line, i18n.language);
  return (
    <Paper withBorder p="xs" radius="md" data-conflict={conflict || undefined} style={conflict ? { borderColor: "var(--mantine-color-orange-6)" } : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {line.rollNo !== null ? `${line.rollNo}. ` : ""}
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {line.admissionNo}
            {line.onLeave ? ` · ${t("register.onLeaveToday")}` : ""}
          </Text>
        </Stack>
        <UnstyledButton
          {...(disabled ? {} : press)}
          disabled={disabled}
          data-student={line.studentId}
          aria-label={t("register.tapFor", { name: line.name, code: code?.name ?? t("register.notMarked") })}
          onClick={() => {
            if (pressed.current) pressed.current = false;
            else onTap(line.studentId);
          }}
          onContextMenu={(e) => {
            e.preventDefault();
            if (!disabled && !pressed.current) onMore(line.studentId);
          }}
          style={{ minWidth: 112, minHeight: 48, touchAction: "manipulation", userSelect: "none" }}
        >
          <Badge fullWidth size="xl" radius="sm" h={48} color={code ? MEANING_COLOR[code.meaning] : "gray"} variant={code ? "filled" : "light"}>
            {code ? code.code : "–"}
          </Badge>
        </UnstyledButton>
      </Group>
    </Paper>
  );
});
