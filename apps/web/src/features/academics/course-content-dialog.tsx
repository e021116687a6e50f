import { ActionIcon, Anchor, Badge, Button, Divider, Group, Modal, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type CourseRow, courseContent, deleteCourseContent, uploadCourseContent } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";

const KINDS = ["link", "video", "document", "text"] as const;
type Kind = (typeof KINDS)[number];

/** A course's content (links, videos, documents, texts) in order: listed, added one at a time, removed. */
export function CourseContentDialog({ course, onClose }: { course: CourseRow | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "admin"]);
  const allowed = useCan();
  const errorText = useErrorText();
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<Kind>("link");
  const [url, setUrl] = useState("");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = course?.id ?? 0;
  // A change refreshes this list by itself: the upload and the delete declare academics, as this reply reads.
  const items = useActionQuery(courseContent, { params: { id } }, { enabled: !!course });
  const upload = useAction(uploadCourseContent);
  const removeItem = useAction(deleteCourseContent);
  const add = (item: { title: string; kind: Kind; url?: string; text?: string }) =>
    upload.mutate(
      { params: { id }, body: { content: [item] } },
      {
        onSuccess: () => {
          notify.success(t("academics:courses.content.added"));
          setTitle("");
          setUrl("");
          setText("");
        },
        onError: (e) => setProblem(errorText(e)),
      },
    );
  const remove = (itemId: number) =>
    removeItem.mutate(
      { params: { id: itemId } },
      { onSuccess: () => notify.success(t("academics:courses.content.removed")), onError: (e) => notify.error(errorText(e)) },
    );
  const mayEdit = allowed("academics", "edit");

  function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!title.trim()) return setProblem(t("academics:courses.content.needTitle"));
    if (kind === "text" && !text.trim()) return setProblem(t("academics:courses.content.needText"));
    if (kind !== "text" && !/^(https?:\/\/|\/)/.test(url.trim())) return setProblem(t("academics:courses.content.needUrl"));
    add(kind === "text" ? { title: title.trim(), kind, text } : { title: title.trim(), kind, url: url.trim() });
  }

  const rows = items.data?.rows ?? [];
  return (
    <Modal opened={!!course} onClose={onClose} title={t("academics:courses.content.title", { name: iso(course?.name) })} size="lg">
      <Stack gap="md">
        {items.isPending ? (
          <LoadingState text={t("academics:courses.content.loading")} />
        ) : items.isError ? (
          <FailureState reason={errorText(items.error)} onRetry={() => void items.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyList title={t("academics:courses.content.empty")} />
        ) : (
          <Stack gap="xs" component="ol" style={{ paddingInlineStart: 0, listStyle: "none", margin: 0 }}>
            {rows.map((c) => (
              <Group key={c.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Badge size="sm" variant="light">
                      {t(`academics:courses.content.kinds.${c.kind}`)}
                    </Badge>
                    <Text size="sm" fw={500}>
                      <bdi>{c.title}</bdi>
                    </Text>
                  </Group>
                  {c.url ? (
                    <Anchor href={c.url} target="_blank" rel="noreferrer" size="xs" dir="ltr" style={{ overflowWrap: "anywhere" }}>
                      {c.url}
                    </Anchor>
                  ) : (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      <bdi>{c.text}</bdi>
                    </Text>
                  )}
                </Stack>
                {mayEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("academics:courses.content.remove", { title: c.title })}
                    loading={removeItem.isPending && removeItem.variables?.params?.id === c.id}
                    onClick={() => remove(c.id)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {mayEdit && (
          <>
            <Divider />
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Title order={3} size="h5">
                  {t("academics:courses.content.addTitle")}
                </Title>
                <Group grow align="flex-start">
                  <TextInput label={t("academics:courses.content.itemTitle")} value={title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk />
                  <Select
                    label={t("academics:courses.content.kind")}
                    data={KINDS.map((k) => ({ value: k, label: t(`academics:courses.content.kinds.${k}`) }))}
                    value={kind}
                    onChange={(v) => setKind((v as Kind) ?? "link")}
                    allowDeselect={false}
                  />
                </Group>
                {kind === "text" ? (
                  <Textarea
                    label={t("academics:courses.content.text")}
                    value={text}
                    onChange={(e) => setText(e.currentTarget.value)}
                    autosize
                    minRows={3}
                    dir="auto"
                  />
                ) : (
                  <TextInput
                    label={t("academics:courses.content.url")}
                    description={t("academics:courses.content.urlHint")}
                    type="url"
                    dir="ltr"
                    value={url}
                    onChange={(e) => setUrl(e.currentTarget.value)}
                  />
                )}
                {problem && (
                  <Text size="sm" c="red" role="alert">
                    {problem}
                  </Text>
                )}
                <Group justify="flex-end">
                  <Button variant="default" onClick={onClose}>
                    {t("admin:actions.close")}
                  </Button>
                  <Button type="submit" leftSection={<IconPlus size={16} />} loading={upload.isPending}>
                    {t("academics:courses.content.add")}
                  </Button>
                </Group>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </Modal>
  );
}
