import { Avatar, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAt, IconCheck, IconSwitchHorizontal } from "@tabler/icons-react";
import { type AuthUser, getMe, ProfileUpdate, updateMe } from "@taleem/contract";
import { type FormEvent, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-store";
import { currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { useRoleName } from "../../lib/role-name";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText, useFieldErrors } from "../../ui/api-error";
import { issuesByField, useFieldValues } from "../../ui/field-values";
import { SwitchProfileCode, useSwitchProfile } from "../../ui/switch-profile";
import { ChangePassword } from "./change-password";
import { initials } from "./user-menu";

type Fields = { name: string; email: string; username: string; language: string };

const fieldsOf = (u: AuthUser): Fields => ({ name: u.name, email: u.email ?? "", username: u.username ?? "", language: u.language });

function ProfileForm({ me }: { me: AuthUser }) {
  const { t } = useTranslation(["account", "admin", "users"]);
  const setSession = useAuth((s) => s.setSession);
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const { values, errors, setErrors, set, textInput } = useFieldValues<Fields>(() => fieldsOf(me));
  const save = useAction(updateMe);
  function submit(e: FormEvent) {
    e.preventDefault();
    const before = fieldsOf(me);
    const body: Record<string, unknown> = {};
    for (const k of Object.keys(values) as (keyof Fields)[]) {
      const v = values[k].trim();
      if (v === before[k]) continue;
      body[k] = v === "" && (k === "email" || k === "username") ? null : v;
    }
    if (!Object.keys(body).length) return;
    const parsed = ProfileUpdate.safeParse(body);
    if (!parsed.success) {
      return setErrors(
        issuesByField(parsed.error.issues, (k) =>
          k === "name" ? t("admin:validation.required") : k === "email" ? t("admin:validation.email") : t("users:validation.username"),
        ),
      );
    }
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: (reply) => {
          notify.success(t("account:form.saved"));
          setSession(reply.data);
          if (reply.data.language !== currentLanguage()) void setLanguage(reply.data.language, { save: false });
        },
        onError: (e) => {
          setErrors(fieldErrors(e));
          notify.error(`${t("account:form.failed")} ${errorText(e)}`);
        },
      },
    );
  }
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t("account:form.title")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t("users:fields.name")} {...textInput("name")} withAsterisk />
            <TextInput
              label={t("users:fields.email")}
              type="email"
              autoComplete="email"
              leftSection={<IconAt size={16} />}
              {...textInput("email")}
              description={t("account:form.emailHint")}
            />
            <TextInput
              label={t("users:fields.username")}
              autoComplete="username"
              {...textInput("username")}
              description={t("account:form.usernameHint")}
              dir="ltr"
            />
            <Select
              label={t("users:fields.language")}
              data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              value={values.language}
              onChange={(v) => v && isLanguage(v) && set("language")(v)}
              allowDeselect={false}
              error={errors.language}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconCheck size={16} />}>
              {t("admin:actions.saveChanges")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Profiles({ me }: { me: AuthUser }) {
  const { t } = useTranslation(["account"]);
  const roleName = useRoleName();
  const flow = useSwitchProfile();
  if (me.profiles.length < 2) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("account:switch.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("account:switch.text")}
        </Text>
        {me.profiles.map((p) => {
          const active = p.id === me.profile.id;
          return (
            <Group
              key={p.id}
              justify="space-between"
              p="xs"
              style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-md)" }}
            >
              <Group gap="xs">
                <Text fw={500}>{roleName(p.roleName)}</Text>
                <Badge size="sm" variant="light" color={p.area === "admin" ? "grape" : "blue"}>
                  {t(`account:areas.${p.area}`)}
                </Badge>
              </Group>
              {active ? (
                <Badge color="teal.9" variant="filled">
                  {t("account:switch.current")}
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="outline"
                  color="teal.9"
                  leftSection={<IconSwitchHorizontal size={14} />}
                  onClick={() => flow.start(p)}
                  loading={flow.mutation.isPending && flow.mutation.variables?.profile.id === p.id}
                >
                  {t("account:switch.action")}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      <SwitchProfileCode flow={flow} />
    </Card>
  );
}

/**
 * One's own account, in the administration and the parent area alike: who they are and where,
 * their details and language, their password, and the profiles they can switch between.
 */
export function ProfilePage() {
  const { t } = useTranslation(["account"]);
  const roleName = useRoleName();
  const me = useActionQuery(getMe);
  const user = useAuth((s) => s.user);
  const setSession = useAuth((s) => s.setSession);
  // The fresh record (changed by the school meanwhile, say) becomes the session's.
  useEffect(() => {
    if (me.data?.data) setSession(me.data.data);
  }, [me.data, setSession]);
  if (!user) return null;
  return (
    <Stack gap="lg" maw={880}>
      <Title order={2}>{t("account:title")}</Title>
      <Card withBorder radius="md" padding="lg">
        <Group wrap="nowrap" gap="md">
          <Avatar size={64} radius="xl" color="teal.9" variant="filled">
            {initials(user.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fz="lg" fw={700}>
              <bdi>{user.name}</bdi>
            </Text>
            <Group gap={6} mt={2}>
              <Badge variant="outline" color="teal.9">
                {roleName(user.role.name)}
              </Badge>
              <Text size="sm" c="dimmed">
                <bdi>{user.tenant.name}</bdi>
              </Text>
            </Group>
            {user.mobile && (
              <Text size="sm" c="dimmed" mt={4}>
                {t("account:mobile")}: <span dir="ltr">{user.mobile}</span>
              </Text>
            )}
          </div>
        </Group>
      </Card>
      <ProfileForm key={`${user.id}-${user.name}-${user.email}-${user.username}-${user.language}`} me={user} />
      <ChangePassword />
      <Profiles me={user} />
    </Stack>
  );
}
