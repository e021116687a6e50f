import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { type CourseRow, createHafizRecords } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";

type Target = "quran" | "juz_range";

/**
 * Starts a memorisation record for every student actively enrolled in the course, with the
 * target (the whole Quran or a range of juz); students who already have one are left as they are.
 */
export function HafizRecordsDialog({ course, onClose }: { course: CourseRow | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "admin"]);
  const errorText = useErrorText();
  const [startedOn, setStartedOn] = useState<string | null>(null);
  const [target, setTarget] = useState<Target>("quran");
  const [fromJuz, setFromJuz] = useState<number | string>(1);
  const [toJuz, setToJuz] = useState<number | string>(30);
  const create = useAction(createHafizRecords);
  const submit = (id: number) =>
    create.mutate(
      {
        params: { id },
        body: {
          startedOn: startedOn ?? undefined,
          target,
          ...(target === "juz_range" ? { fromJuz: Number(fromJuz), toJuz: Number(toJuz) } : {}),
        },
      },
      {
        onSuccess: (r) => {
          notify.success(t("academics:courses.hafiz.done", { created: formatNumber(r.created), existing: formatNumber(r.existing) }));
          onClose();
        },
        onError: (e) => notify.error(`${t("academics:courses.hafiz.failed")} ${errorText(e)}`),
      },
    );
  const inRange = (n: number | string) => Number.isInteger(Number(n)) && Number(n) >= 1 && Number(n) <= 30;
  const juzOk = target === "quran" || (inRange(fromJuz) && inRange(toJuz));
  return (
    <Modal opened={!!course} onClose={onClose} title={t("academics:courses.hafiz.title", { name: iso(course?.name) })} centered>
      <Stack gap="md">
        <Text size="sm">{t("academics:courses.hafiz.text")}</Text>
        <DateInput
          label={t("academics:courses.hafiz.startedOn")}
          description={t("academics:courses.hafiz.startedOnHint")}
          valueFormat="YYYY-MM-DD"
          clearable
          value={startedOn}
          onChange={setStartedOn}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("academics:courses.hafiz.target")}
          </Text>
          <SegmentedControl
            value={target}
            onChange={(v) => setTarget(v as Target)}
            data={[
              { value: "quran", label: t("academics:courses.hafiz.targets.quran") },
              { value: "juz_range", label: t("academics:courses.hafiz.targets.juz_range") },
            ]}
          />
        </Stack>
        {target === "juz_range" && (
          <Group grow>
            <NumberInput label={t("academics:courses.hafiz.fromJuz")} min={1} max={30} value={fromJuz} onChange={setFromJuz} />
            <NumberInput label={t("academics:courses.hafiz.toJuz")} min={1} max={30} value={toJuz} onChange={setToJuz} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button disabled={!juzOk} loading={create.isPending} onClick={() => course && submit(course.id)}>
            {t("academics:courses.hafiz.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
