import { Text, Title } from "@mantine/core";

interface HeadingStudent {
  name: string;
  nameNative: string | null;
  admissionNo: string;
  classroomLabel: string | null;
  guardianName?: string | null;
}

/**
 * The child a fee screen is about: the name in both scripts, then the admission number, the class
 * (and, at the counter, the guardian) on one line, each isolated so right-to-left pages keep them whole.
 */
export function StudentHeading({ student: s, order, withGuardian = false }: { student: HeadingStudent; order: 2 | 3; withGuardian?: boolean }) {
  const rest = [s.classroomLabel, withGuardian ? s.guardianName : null].filter((v): v is string => !!v);
  return (
    <>
      <Title order={order}>
        <bdi>{s.name}</bdi>
        {s.nameNative && (
          <Text span c="dimmed" fw={400} ms={8} fz="lg">
            <bdi dir="auto">{s.nameNative}</bdi>
          </Text>
        )}
      </Title>
      <Text size="sm" c="dimmed">
        <bdi dir="ltr">{s.admissionNo}</bdi>
        {rest.map((v) => (
          <span key={v}>
            {" · "}
            <bdi>{v}</bdi>
          </span>
        ))}
      </Text>
    </>
  );
}
