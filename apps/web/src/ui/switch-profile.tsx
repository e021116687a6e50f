import { Alert, Button, Group, Modal, PinInput, Stack, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { type AuthUser, areaHome, switchProfile } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../lib/auth-store";
import { callAction } from "../lib/call-action";
import { notify } from "../lib/notify";
import { useRoleName } from "../lib/role-name";
import { useErrorText } from "./api-error";
import { useAreaBase } from "./area-path";

type Profile = AuthUser["profile"];

/** Where the page lands after a switch: the new profile's area home (the right-to-left twin stays right to left). */
export function landingAfterSwitch(area: Profile["area"], base: string): string {
  return area === "admin" && base === "/rtl" ? "/rtl/dashboard" : areaHome[area];
}

/**
 * Switches the session's active profile (PUT /user/api/user/switchprofile). A role that needs
 * two-factor answers `twoFactorRequired`: the person types the code sent to their phone and the
 * call is repeated with `otp`. Then the page reloads into the new profile's area, as the
 * specification says, so every cached screen starts fresh.
 */
export function useSwitchProfile() {
  const setSession = useAuth((s) => s.setSession);
  const base = useAreaBase();
  const errorText = useErrorText();
  const { t } = useTranslation("account");
  const [pending, setPending] = useState<Profile | null>(null);
  // The profile switched to rides along as the mutation's variables (the code step shows it).
  const mutation = useMutation({
    mutationFn: (v: { profile: Profile; otp?: string }) => callAction(switchProfile, { body: { profileId: v.profile.id, ...(v.otp ? { otp: v.otp } : {}) } }),
    onSuccess: (reply, v) => {
      if (!reply.auth) {
        setPending(v.profile);
        return;
      }
      setSession(reply.user);
      setPending(null);
      window.location.assign(landingAfterSwitch(reply.user.role.area, base));
    },
    // A wrong code is said inside the code dialog; anything else as a toast.
    onError: (e, v) => {
      if (!v.otp) notify.error(`${t("switch.failed")} ${errorText(e)}`);
    },
  });
  return { mutation, pending, cancel: () => setPending(null), start: (profile: Profile) => mutation.mutate({ profile }) };
}

/** The code step of a switch into a role that needs two-factor. */
export function SwitchProfileCode({ flow }: { flow: ReturnType<typeof useSwitchProfile> }) {
  const { t } = useTranslation(["account", "admin"]);
  const roleName = useRoleName();
  const [otp, setOtp] = useState("");
  const { pending, mutation } = flow;
  const failed = mutation.isError && !!pending && !!mutation.variables?.otp;
  return (
    <Modal closeButtonProps={{ "aria-label": t("admin:actions.close") }} opened={!!pending} onClose={flow.cancel} title={t("switch.codeTitle")} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (pending && otp.length === 6) mutation.mutate({ profile: pending, otp });
        }}
      >
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconShieldCheck size={20} />
            <Text size="sm">{t("switch.codeText", { role: pending ? roleName(pending.roleName) : "" })}</Text>
          </Group>
          <Group justify="center" dir="ltr">
            <PinInput length={6} type="number" oneTimeCode value={otp} onChange={setOtp} aria-label={t("switch.codeLabel")} autoFocus />
          </Group>
          {failed && (
            <Alert color="red" role="alert">
              {t("switch.codeWrong")}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={flow.cancel}>
              {t("admin:actions.cancel")}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={otp.length !== 6}>
              {t("switch.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
