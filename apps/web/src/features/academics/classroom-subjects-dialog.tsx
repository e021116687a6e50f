import { ActionIcon, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type ClassroomRow, classroomResource, type SubjectRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { iso } from "../../lib/isolate";
import { useStaffOptions } from "../../lib/people-options";
import { type ListReply, resourceKeys, resourceUrl, useResourceMutations } from "../../ui/resource";

type Line = { key: number; subjectId: string | null; teacherId: string | null };

/** The subjects a course may teach: its own and the general ones. */
export function useCourseSubjects(courseId: number | undefined) {
  const query = useQuery({
    queryKey: resourceKeys("subject").list({ limit: 500, status: "active", purpose: "course" }),
    queryFn: () => api.get<ListReply<SubjectRow>>(resourceUrl("subject"), { limit: 500, status: "active", sort: "name" }),
    enabled: courseId !== undefined,
    staleTime: 60_000,
  });
  return useMemo(
    () =>
      (query.data?.rows ?? [])
        .filter((s) => s.courseId === null || s.courseId === courseId)
        .map((s) => ({ value: String(s.id), label: s.code ? `${s.name} (${s.code})` : s.name })),
    [query.data, courseId],
  );
}

/** What a classroom is taught and by whom: the list the timetable's slots choose from. */
export function ClassroomSubjectsDialog({ classroom, onClose }: { classroom: ClassroomRow | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "admin"]);
  const subjects = useCourseSubjects(classroom?.courseId);
  const staff = useStaffOptions();
  const { update } = useResourceMutations<ClassroomRow>(classroomResource);
  const [lines, setLines] = useState<Line[]>([]);
  useEffect(() => {
    setLines((classroom?.subjects ?? []).map((s, i) => ({ key: i, subjectId: String(s.subjectId), teacherId: s.teacherId ? String(s.teacherId) : null })));
  }, [classroom]);
  const set = (key: number, patch: Partial<Line>) => setLines((old) => old.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const chosen = lines.map((l) => l.subjectId).filter(Boolean);
  const save = () => {
    if (!classroom) return;
    const list = lines.filter((l) => l.subjectId).map((l) => ({ subjectId: Number(l.subjectId), teacherId: l.teacherId ? Number(l.teacherId) : null }));
    update.mutate({ id: classroom.id, subjects: list }, { onSuccess: onClose });
  };
  return (
    <Modal opened={!!classroom} onClose={onClose} title={t("academics:classrooms.subjects.title", { name: iso(classroom?.label) })} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("academics:classrooms.subjects.text")}
        </Text>
        {lines.length === 0 && <Text size="sm">{t("academics:classrooms.subjects.none")}</Text>}
        {lines.map((l) => (
          <Group key={l.key} align="flex-end" wrap="nowrap" gap="sm">
            <Select
              style={{ flex: 1 }}
              label={t("academics:classrooms.subjects.subject")}
              data={subjects.filter((s) => s.value === l.subjectId || !chosen.includes(s.value))}
              value={l.subjectId}
              onChange={(v) => set(l.key, { subjectId: v })}
              searchable
            />
            <Select
              style={{ flex: 1 }}
              label={t("academics:classrooms.subjects.teacher")}
              data={staff.options}
              value={l.teacherId}
              onChange={(v) => set(l.key, { teacherId: v })}
              searchable
              clearable
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t("academics:classrooms.subjects.remove")}
              onClick={() => setLines((old) => old.filter((x) => x.key !== l.key))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between" mt="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setLines((old) => [...old, { key: Math.max(0, ...old.map((x) => x.key)) + 1, subjectId: null, teacherId: null }])}
          >
            {t("academics:classrooms.subjects.add")}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t("admin:actions.cancel")}
            </Button>
            <Button onClick={save} loading={update.isPending}>
              {t("admin:actions.saveChanges")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
