import { Group, Paper, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { feeCounterSearch } from "@taleem/contract";
import { type KeyboardEvent, type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { Money } from "../../../ui/money";
import classes from "./counter.module.css";

/**
 * The counter's search: a child by name, admission number or a guardian's mobile. Arrow down
 * moves into the results, Enter on the box takes the first one; each result is a button.
 */
export function CounterSearch({ inputRef, onPick }: { inputRef: RefObject<HTMLInputElement | null>; onPick: (studentId: number) => void }) {
  const { t } = useTranslation("fees");
  const errorText = useErrorText();
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = useActionQuery(feeCounterSearch, { query: { q } }, { enabled: q.length > 0, placeholderData: (old) => old });
  const rows = q ? (found.data?.rows ?? []) : [];

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" && rows[0] && q === text.trim()) {
      e.preventDefault();
      onPick(rows[0].studentId);
    }
    if (e.key === "ArrowDown") {
      e.preventDefault();
      document.querySelector<HTMLButtonElement>("[data-counter-result]")?.focus();
    }
  };
  const onResultKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const all = [...document.querySelectorAll<HTMLButtonElement>("[data-counter-result]")];
    const at = all.indexOf(e.currentTarget);
    if (e.key === "ArrowDown") {
      e.preventDefault();
      all[at + 1]?.focus();
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      (at > 0 ? all[at - 1] : inputRef.current)?.focus();
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        ref={inputRef}
        type="search"
        size="md"
        data-autofocus
        label={t("counter.searchLabel")}
        placeholder={t("counter.searchPlaceholder")}
        description={t("counter.searchHint")}
        leftSection={<IconSearch size={18} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKey}
        autoComplete="off"
        aria-controls="counter-results"
      />
      <div id="counter-results" aria-live="polite">
        {!q ? (
          <Text size="sm" c="dimmed">
            {t("counter.typeToFind")}
          </Text>
        ) : found.isPending ? (
          <LoadingState text={t("counter.searching")} />
        ) : found.isError && !found.data ? (
          <FailureState reason={errorText(found.error)} onRetry={() => void found.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyList title={t("counter.noneFound")} description={t("counter.noneFoundText")} />
        ) : (
          <Stack gap={6} role="list" aria-label={t("counter.results")}>
            {rows.map((r) => (
              <Paper key={r.studentId} withBorder radius="md" role="listitem">
                <UnstyledButton
                  className={classes.result}
                  data-counter-result
                  data-testid={`counter-result-${r.studentId}`}
                  onClick={() => onPick(r.studentId)}
                  onKeyDown={onResultKey}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600}>
                        <bdi>{r.studentName}</bdi>
                        {r.studentNameNative && (
                          <Text span c="dimmed" fw={400} ms={6}>
                            <bdi dir="auto">{r.studentNameNative}</bdi>
                          </Text>
                        )}
                      </Text>
                      <Text size="sm" c="dimmed">
                        <bdi dir="ltr">{r.admissionNo}</bdi>
                        {r.classroomLabel && (
                          <>
                            {" · "}
                            <bdi>{r.classroomLabel}</bdi>
                          </>
                        )}
                      </Text>
                      {(r.guardianName || r.guardianMobile) && (
                        <Text size="sm" c="dimmed">
                          {r.guardianName && <bdi>{r.guardianName}</bdi>} {r.guardianMobile && <bdi dir="ltr">{r.guardianMobile}</bdi>}
                        </Text>
                      )}
                    </div>
                    <div style={{ textAlign: "end", flexShrink: 0 }}>
                      <Text size="xs" c="dimmed">
                        {t("counter.balance")}
                      </Text>
                      <Money value={r.balance} fw={700} />
                      {r.overdue > 0 && (
                        <Text size="xs" c="red.9">
                          {t("counter.overdue")} <Money value={r.overdue} />
                        </Text>
                      )}
                    </div>
                  </Group>
                </UnstyledButton>
              </Paper>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
