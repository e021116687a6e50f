import { Anchor, Center, Group, Image, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { authMedia, superSettings } from "../lib/super-settings";

export type Device = "android" | "ios" | "other";

/** iPadOS asks for the desktop site, so a touch "Macintosh" is an iPad. */
export function deviceOf(userAgent: string, maxTouchPoints = 0): Device {
  if (/android/i.test(userAgent)) return "android";
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return "ios";
  return "other";
}

const webUrl = (v: string | undefined) => (v && /^https?:\/\//i.test(v) ? v : undefined);

/** The store links from super-settings, else from auth-media. */
async function storeLinks(): Promise<{ android?: string; ios?: string }> {
  const settings = await superSettings();
  const links = settings?.appLinks ?? (await authMedia())?.appLinks;
  return { android: webUrl(links?.android), ios: webUrl(links?.ios) };
}

/** /app and /download: off to the app store that fits this device. */
export function StoreRedirectPage() {
  const { t } = useTranslation();
  const [links, setLinks] = useState<{ android?: string; ios?: string } | null>(null);

  useEffect(() => {
    let live = true;
    void storeLinks().then((l) => {
      if (!live) return;
      setLinks(l);
      const device = deviceOf(navigator.userAgent, navigator.maxTouchPoints);
      const target = device === "android" ? l.android : device === "ios" ? l.ios : undefined;
      if (target) window.location.replace(target);
    });
    return () => {
      live = false;
    };
  }, []);

  const device = deviceOf(navigator.userAgent, navigator.maxTouchPoints);
  const redirecting = links === null || (device === "android" && links.android) || (device === "ios" && links.ios);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={420}>
        <Image src="/logo.svg" alt="" w={72} h={72} />
        {redirecting ? (
          <>
            <Loader size="sm" aria-hidden />
            <Text size="lg" role="status" data-testid="store-redirect">
              {t("store.redirecting")}
            </Text>
          </>
        ) : (
          <>
            <Text size="lg" data-testid="store-choose">
              {links?.android || links?.ios ? t("store.choose") : t("store.missing")}
            </Text>
            <Group justify="center">
              {links?.android && <Anchor href={links.android}>{t("store.android")}</Anchor>}
              {links?.ios && <Anchor href={links.ios}>{t("store.ios")}</Anchor>}
              <Anchor href="/auth/sign-in">{t("store.web")}</Anchor>
            </Group>
          </>
        )}
      </Stack>
    </Center>
  );
}
