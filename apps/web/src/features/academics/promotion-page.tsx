import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Stepper, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { promoteClassroom } from "@taleem/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { useAction } from "../../lib/use-action";
import { filterGroups, useClassrooms, useRoster } from "../../lib/use-classrooms";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { EnrolmentDateInput } from "../../ui/enrolment/enrolment-date-input";
import { FailureState, LoadingState } from "../../ui/list-states";
import { NativeName } from "../../ui/native-name";

type Choice = "promote" | "stay" | "leave";

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fz={28} fw={700} c={color}>
        {formatNumber(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/**
 * Year-end promotion of one classroom, in four steps: the classroom and next year's, who stays
 * back or leaves (everyone else moves up), a last look, and what happened.
 */
export function PromotionPage() {
  const { t } = useTranslation(["academics", "students", "admin"]);
  const to = useAreaPath();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const rooms = useClassrooms();
  const [step, setStep] = useState(0);
  const [fromId, setFromId] = useState<string | null>(params.get("from"));
  const [toId, setToId] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [stayIn, setStayIn] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const from = fromId ? rooms.byId.get(Number(fromId)) : undefined;
  const target = toId ? rooms.byId.get(Number(toId)) : undefined;
  const roster = useRoster(from?.id);
  const students = roster.data?.rows ?? [];
  const choiceOf = (id: number): Choice => choices[id] ?? "promote";
  const ids = (c: Choice) => students.filter((s) => choiceOf(s.id) === c).map((s) => s.id);
  const counts = { promote: ids("promote").length, stay: ids("stay").length, leave: ids("leave").length };

  // Another classroom: earlier choices were about other students.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when the classroom changes.
  useEffect(() => {
    setChoices({});
    setStayIn(null);
  }, [fromId]);

  // Next year's classroom: any classroom of another batch.
  const targets = useMemo(
    () => (from ? filterGroups(rooms.grouped, (id) => rooms.byId.get(id)?.batchId !== from.batchId) : []),
    [from, rooms.grouped, rooms.byId],
  );
  const promote = useAction(promoteClassroom);
  const submit = () =>
    promote.mutate(
      {
        body: {
          fromClassroomId: from!.id,
          toClassroomId: target!.id,
          stayBack: ids("stay"),
          stayBackClassroomId: stayIn ? Number(stayIn) : undefined,
          leave: ids("leave"),
          date: date ?? undefined,
        },
      },
      {
        onSuccess: () => {
          setStep(3);
        },
      },
    );
  const restart = () => {
    promote.reset();
    setFromId(null);
    setToId(null);
    setChoices({});
    setStayIn(null);
    setDate(null);
    setStep(0);
  };

  const choiceLabels: Record<Choice, string> = {
    promote: t("academics:promotion.choices.promote"),
    stay: t("academics:promotion.choices.stay"),
    leave: t("academics:promotion.choices.leave"),
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t("academics:promotion.title")}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("academics:promotion.description")}
        </Text>
      </div>
      <Stepper active={step} onStepClick={(s) => step < 3 && s < step && setStep(s)} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t("academics:promotion.steps.classes")}>
          <Stack gap="md" maw={560} mt="md">
            <Select
              label={t("academics:promotion.from")}
              description={t("academics:promotion.fromHint")}
              data={rooms.grouped}
              value={fromId}
              onChange={(v) => {
                setFromId(v);
                setToId(null);
              }}
              searchable
              withAsterisk
            />
            <Select
              label={t("academics:promotion.to")}
              description={t("academics:promotion.toHint")}
              data={targets}
              value={toId}
              onChange={setToId}
              searchable
              withAsterisk
              disabled={!from}
              nothingFoundMessage={t("academics:promotion.noTargets")}
            />
            {from && targets.length === 0 && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
                {t("academics:promotion.noTargets")}{" "}
                <Anchor component={Link} to={to("classrooms")}>
                  {t("academics:promotion.addClassroom")}
                </Anchor>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button disabled={!from || !target} onClick={() => setStep(1)}>
                {t("academics:promotion.next")}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t("academics:promotion.steps.students")}>
          <Stack gap="md" mt="md">
            <Text size="sm">{t("academics:promotion.studentsText", { from: iso(from?.label), to: iso(target?.label) })}</Text>
            {roster.isPending ? (
              <LoadingState text={t("academics:roster.loading")} />
            ) : roster.isError ? (
              <FailureState reason={errorText(roster.error)} onRetry={() => void roster.refetch()} />
            ) : students.length === 0 ? (
              <Alert color="yellow">{t("academics:promotion.noStudents")}</Alert>
            ) : (
              <Paper withBorder radius="md">
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={80}>{t("academics:enrolments.fields.rollNo")}</Table.Th>
                        <Table.Th>{t("students:fields.name")}</Table.Th>
                        <Table.Th>{t("academics:promotion.choice")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {students.map((s) => (
                        <Table.Tr key={s.id}>
                          <Table.Td>{s.rollNo ? formatNumber(s.rollNo) : "—"}</Table.Td>
                          <Table.Td>
                            <Stack gap={0}>
                              <Text size="sm" fw={500}>
                                <bdi>{s.name}</bdi>
                              </Text>
                              {s.nameNative && <NativeName value={s.nameNative} size="sm" c="dimmed" />}
                            </Stack>
                          </Table.Td>
                          <Table.Td>
                            <SegmentedControl
                              size="xs"
                              aria-label={t("academics:promotion.choiceFor", { name: s.name })}
                              value={choiceOf(s.id)}
                              onChange={(v) => setChoices((old) => ({ ...old, [s.id]: v as Choice }))}
                              data={(Object.keys(choiceLabels) as Choice[]).map((c) => ({ value: c, label: choiceLabels[c] }))}
                              color={choiceOf(s.id) === "leave" ? "red" : choiceOf(s.id) === "stay" ? "yellow" : "teal"}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            )}
            {counts.stay > 0 && (
              <Select
                maw={560}
                label={t("academics:promotion.stayIn")}
                description={t("academics:promotion.stayInHint", { from: iso(from?.label) })}
                placeholder={t("academics:promotion.stayKeep")}
                data={filterGroups(rooms.grouped, (id) => id !== from?.id && id !== target?.id)}
                value={stayIn}
                onChange={setStayIn}
                searchable
                clearable
              />
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                {t("academics:promotion.back")}
              </Button>
              <Button disabled={!students.length} onClick={() => setStep(2)}>
                {t("academics:promotion.next")}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t("academics:promotion.steps.confirm")}>
          <Stack gap="md" mt="md" maw={720}>
            <Text>{t("academics:promotion.confirmText", { from: iso(from?.label), batch: iso(from?.batchName) })}</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Figure label={t("academics:promotion.willMove", { to: iso(target?.label) })} value={counts.promote} color="teal" />
              <Figure
                label={
                  stayIn
                    ? t("academics:promotion.willStayIn", { room: iso(rooms.byId.get(Number(stayIn))?.label) })
                    : t("academics:promotion.willStay", { from: iso(from?.label) })
                }
                value={counts.stay}
                color="yellow.8"
              />
              <Figure label={t("academics:promotion.willLeave")} value={counts.leave} color="red" />
            </SimpleGrid>
            <EnrolmentDateInput
              maw={280}
              label={t("academics:promotion.date")}
              description={t("academics:promotion.dateHint")}
              value={date}
              onChange={setDate}
            />
            {promote.isError && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t("academics:promotion.failed")}>
                {errorText(promote.error)}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)} disabled={promote.isPending}>
                {t("academics:promotion.back")}
              </Button>
              <Button color="teal" loading={promote.isPending} onClick={submit}>
                {t("academics:promotion.submit")}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Completed>
          {promote.data && (
            <Stack gap="md" mt="md" maw={720}>
              <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t("academics:promotion.done")}>
                {t("academics:promotion.doneText", { from: iso(from?.label), to: iso(target?.label) })}
              </Alert>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <Figure label={t("academics:promotion.result.promoted")} value={promote.data.promoted} color="teal" />
                <Figure label={t("academics:promotion.result.retained")} value={promote.data.retained} color="yellow.8" />
                <Figure label={t("academics:promotion.result.kept")} value={promote.data.kept} />
                <Figure label={t("academics:promotion.result.left")} value={promote.data.left} color="red" />
              </SimpleGrid>
              <Group>
                {target && (
                  <Button component={Link} to={to(`classrooms/${target.id}`)}>
                    {t("academics:promotion.openRoster", { name: iso(target.label) })}
                  </Button>
                )}
                <Button variant="default" onClick={restart}>
                  {t("academics:promotion.another")}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}
