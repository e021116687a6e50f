import { Alert, Box, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import type { PublicSchool } from "@taleem/contract";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { LanguageSwitcher } from "../app/language-switcher";
import { isLanguage, languageChosenHere, setLanguage } from "../lib/i18n";

type School = z.infer<typeof PublicSchool>;

/**
 * The frame of a school's public form page (admission, a record type's form): the language
 * switcher on top and one narrow column that fits a 360-px phone.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Stack mih="100dvh" bg="gray.0" gap={0}>
      <Group justify="flex-end" px="sm" py="xs">
        <LanguageSwitcher />
      </Group>
      <Box component="main" px={{ base: 8, sm: "md" }} pb="xl" w="100%" maw={680} mx="auto">
        {children}
      </Box>
    </Stack>
  );
}

/** A first visit reads the school's own language, unless the reader chose one on this device. */
export function useSchoolLanguage(own: string | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (own && isLanguage(own) && !languageChosenHere() && own !== i18n.resolvedLanguage) void setLanguage(own, { persist: false, save: false });
  }, [own, i18n.resolvedLanguage]);
}

/** The school's logo and name over what the page is for. */
export function SchoolHeader({ school, subtitle }: { school: School; subtitle: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Group gap="md" wrap="nowrap" align="center">
        {school.logo && <Image src={school.logo} alt="" w={56} h={56} fit="contain" />}
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h3" data-testid="school-name">
            <bdi>{school.name}</bdi>
          </Title>
          <Text c="dimmed" size="sm" component="div">
            {subtitle}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

export function PageLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

/** Why the form is not shown (not found, closed, failed to load), with a retry where one can help. */
export function PageProblem({ title, text, retry, onRetry }: { title: string; text: string; retry?: string; onRetry?: () => void }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack align="center" ta="center" gap="sm" role="alert" data-testid="form-problem">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {onRetry && (
          <Button variant="default" onClick={onRetry}>
            {retry}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The end of a public form: what stops it from being sent, if anything, and the send button. */
export function FormFooter({ error, sending, label }: { error: string | null; sending: boolean; label: string }) {
  return (
    <>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">
          {error}
        </Alert>
      )}
      <Button type="submit" size="md" fullWidth loading={sending}>
        {label}
      </Button>
    </>
  );
}

/** What a public form shows once sent: the number to keep, what happens next, and a way to send another. */
export function SentCard(props: {
  testId: string;
  numberTestId: string;
  title: string;
  numberLabel: string;
  number: ReactNode;
  text: string;
  again: string;
  onAgain: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} role="status" data-testid={props.testId}>
      <Stack align="center" ta="center" gap="sm">
        <IconCircleCheck size={56} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text>{props.numberLabel}</Text>
        <Text fz={28} fw={700} dir="ltr" data-testid={props.numberTestId}>
          {props.number}
        </Text>
        <Text c="dimmed">{props.text}</Text>
        <Button variant="default" onClick={props.onAgain} mt="sm">
          {props.again}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The name of the field only robots fill (the admission call's `website`). */
export const ROBOT_TRAP_FIELD = "website";

/**
 * A field people never meet: clipped to nothing, out of the tab order, inert, hidden from screen
 * readers and not filled in by browsers. Robots that fill every input fill it; the server then
 * answers as usual and keeps nothing.
 */
export function RobotTrap() {
  return (
    <div aria-hidden="true" inert style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" }}>
      <label>
        Website <input type="text" name={ROBOT_TRAP_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** What the trap field holds when the form is sent: empty unless a robot filled it. */
export const robotTrapValue = (form: HTMLFormElement | null) => (form?.elements.namedItem(ROBOT_TRAP_FIELD) as HTMLInputElement | null)?.value ?? "";
