import { ActionIcon, Button, Checkbox, Group, Menu, Paper, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconDeviceFloppy, IconMessagePlus } from "@tabler/icons-react";
import { examSetRemarks, REMARK_BANK, updateBulkRemarks } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";

/** A bank remark added to what is there (on its own line), not replacing it. */
export const withRemark = (current: string, text: string) => (current.trim() ? `${current.trim()}\n${text}` : text);

/** The remark bank as a menu: a chosen remark is added in the words of the current language. */
export function RemarkBankMenu({ onPick, label }: { onPick: (text: string) => void; label: string }) {
  const { t } = useTranslation("exams");
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="light" size={40} aria-label={label}>
          <IconMessagePlus size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("remarks.bank")}</Menu.Label>
        {REMARK_BANK.map((k) => (
          <Menu.Item key={k} onClick={() => onPick(t(`remarkBank.${k}`))}>
            {t(`remarkBank.${k}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Every student's report-card remarks for a classroom (or the set), typed or taken from the
 * remark bank, one by one or for the chosen students at once, saved together.
 */
export function RemarksPanel({ examsetId, classroomId, editable }: { examsetId: number; classroomId?: number; editable: boolean }) {
  const { t } = useTranslation("exams");
  const errorText = useErrorText();
  const list = useActionQuery(examSetRemarks, { params: { id: examsetId }, query: { classroomId } });
  const save = useAction(updateBulkRemarks);
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [bankKey, setBankKey] = useState<string | null>(null);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const changed = rows.filter((r) => edits[r.studentId] !== undefined && (edits[r.studentId] ?? "") !== (r.remarks ?? ""));

  if (list.isPending) return <LoadingState text={t("remarks.loading")} />;
  if (list.isError) return <FailureState reason={errorText(list.error)} onRetry={() => void list.refetch()} />;
  if (!rows.length) return <EmptyList title={t("remarks.empty")} />;

  const textOf = (id: number, saved: string | null) => edits[id] ?? saved ?? "";
  const applyToChosen = () => {
    if (!bankKey) return;
    const text = t(`remarkBank.${bankKey}`);
    setEdits((old) => {
      const next = { ...old };
      for (const r of rows) if (chosen.has(r.studentId)) next[r.studentId] = withRemark(textOf(r.studentId, r.remarks), text);
      return next;
    });
  };
  const saveAll = () =>
    save.mutate(
      { body: { examsetId, data: changed.map((r) => ({ studentId: r.studentId, remarks: (edits[r.studentId] ?? "").trim() || null })) } },
      {
        onSuccess: (r) => {
          notify.success(t("remarks.saved", { n: formatNumber(r.saved) }));
          setEdits({});
        },
        onError: (e) => notify.error(`${t("remarks.saveFailed")} ${errorText(e)}`),
      },
    );
  const allChosen = rows.every((r) => chosen.has(r.studentId));

  return (
    <Stack gap="sm">
      {editable && (
        <Paper withBorder radius="md" p="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Checkbox
              label={t("remarks.chooseAll")}
              checked={allChosen}
              indeterminate={!allChosen && chosen.size > 0}
              onChange={() => setChosen(allChosen ? new Set() : new Set(rows.map((r) => r.studentId)))}
            />
            <Select
              label={t("remarks.bank")}
              data={REMARK_BANK.map((k) => ({ value: k, label: t(`remarkBank.${k}`) }))}
              value={bankKey}
              onChange={setBankKey}
              style={{ flex: "1 1 220px" }}
            />
            <Button variant="default" disabled={!bankKey || !chosen.size} onClick={applyToChosen}>
              {t("remarks.applyChosen", { n: formatNumber(chosen.size) })}
            </Button>
          </Group>
        </Paper>
      )}
      {rows.map((r) => (
        <Paper key={r.studentId} withBorder radius="md" p="sm" data-testid={`remarks-${r.studentId}`}>
          <Group gap="sm" align="flex-start" wrap="nowrap">
            {editable && (
              <Checkbox
                mt={4}
                aria-label={t("remarks.choose", { name: r.name })}
                checked={chosen.has(r.studentId)}
                onChange={() =>
                  setChosen((old) => {
                    const next = new Set(old);
                    if (!next.delete(r.studentId)) next.add(r.studentId);
                    return next;
                  })
                }
              />
            )}
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm" truncate>
                <bdi>{r.name}</bdi>
                {r.nameNative ? (
                  <>
                    {" · "}
                    <bdi dir="auto">{r.nameNative}</bdi>
                  </>
                ) : null}
                <Text span c="dimmed" size="xs">
                  {" · "}
                  <bdi>{r.classroomLabel}</bdi>
                </Text>
              </Text>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Textarea
                  style={{ flex: 1 }}
                  aria-label={t("remarks.of", { name: r.name })}
                  value={textOf(r.studentId, r.remarks)}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setEdits((old) => ({ ...old, [r.studentId]: v }));
                  }}
                  autosize
                  minRows={1}
                  maxRows={5}
                  maxLength={500}
                  readOnly={!editable}
                />
                {editable && (
                  <RemarkBankMenu
                    label={t("remarks.addFor", { name: r.name })}
                    onPick={(text) => setEdits((old) => ({ ...old, [r.studentId]: withRemark(textOf(r.studentId, r.remarks), text) }))}
                  />
                )}
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
      {editable && (
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" style={{ background: "var(--mantine-color-body)" }}>
          <Button leftSection={<IconDeviceFloppy size={18} />} disabled={!changed.length} loading={save.isPending} onClick={saveAll}>
            {t("remarks.saveAll", { n: formatNumber(changed.length) })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
