import { Anchor, Avatar, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCalendarCheck, IconChevronLeft } from "@tabler/icons-react";
import { classStudents } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber, schoolDay } from "../../lib/format";
import { inReadersScript } from "../../lib/reader-name";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import mirror from "../../ui/mirror.module.css";
import { useCan } from "../../ui/use-can";
import { links } from "./teaching-links";

/** A classroom's class list for its teacher (GET /user/api/home/classstudents/{id}), in roll order. */
export function ClassList({ classroomId }: { classroomId: number }) {
  const { t, i18n } = useTranslation("parent");
  const errorText = useErrorText();
  const can = useCan();
  const query = useActionQuery(classStudents, { params: { id: classroomId } });
  const data = query.data;
  // A school that gives no roll numbers gets no empty column for them.
  const rolls = !!data?.rows.some((s) => s.rollNo !== null);
  return (
    <Stack gap="sm" maw={560}>
      <Anchor component={Link} to={links.classes} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={16} className={mirror.mirror} aria-hidden />
          {t("classes.back")}
        </Group>
      </Anchor>
      <Title order={2}>{data ? <bdi>{data.classroom.label}</bdi> : t("classes.classList")}</Title>
      {query.isPending ? (
        <LoadingState text={t("classes.loadingList")} />
      ) : query.error ? (
        <FailureState reason={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : data && data.rows.length === 0 ? (
        <EmptyList title={t("classes.noStudents")} />
      ) : (
        data && (
          <>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                {t("classes.students", { n: formatNumber(data.count) })}
              </Text>
              {can("attendance", "view") && (
                <Button component={Link} to={links.register(classroomId, schoolDay())} size="sm" leftSection={<IconCalendarCheck size={16} />}>
                  {t("classes.openRegister")}
                </Button>
              )}
            </Group>
            <Card withBorder radius="md" padding={0}>
              <Stack gap={0} component="ol" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {data.rows.map((s, i) => (
                  <Group
                    key={s.id}
                    component="li"
                    gap="sm"
                    wrap="nowrap"
                    px="sm"
                    py={8}
                    data-testid="class-student"
                    style={i ? { borderTop: "1px solid var(--mantine-color-default-border)" } : undefined}
                  >
                    {rolls && (
                      <Text size="sm" c="dimmed" w={28} ta="center">
                        {s.rollNo === null ? "" : formatNumber(s.rollNo)}
                      </Text>
                    )}
                    <Avatar src={s.photo} alt="" radius="xl" size={32} name={s.name} color="teal.9" variant="filled" aria-hidden />
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={600} truncate>
                        <bdi>{s.name}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {inReadersScript(s.nameNative, i18n.language) && (
                          <>
                            <bdi>{s.nameNative}</bdi>
                            {" · "}
                          </>
                        )}
                        <span dir="ltr">{s.admissionNo}</span>
                      </Text>
                    </div>
                  </Group>
                ))}
              </Stack>
            </Card>
          </>
        )
      )}
    </Stack>
  );
}
