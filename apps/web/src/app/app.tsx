import { DirectionProvider, MantineProvider, mergeThemeOverrides, useDirection } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { directionOf, i18n } from "../lib/i18n";
import type { createAppRouter } from "./router";
import { theme } from "./theme";
import { Toasts } from "./toasts";

/** Mantine's direction follows the language (Arabic and Urdu right to left). */
function DirectionSync() {
  const { setDirection } = useDirection();
  useEffect(() => {
    const apply = (lng: string) => setDirection(directionOf(lng));
    apply(i18n.language);
    i18n.on("languageChanged", apply);
    return () => i18n.off("languageChanged", apply);
  }, [setDirection]);
  return null;
}

/** The theme with texts Mantine shows itself (a dialog's close button) in the current language. */
function useLocalizedTheme() {
  const { t, i18n: current } = useTranslation("common");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts change with the language
  return useMemo(
    () =>
      // A plain override (not Modal.extend), so the sign-in page does not load the Modal component.
      mergeThemeOverrides(theme, { components: { Modal: { defaultProps: { closeButtonProps: { "aria-label": t("close") } } } } }),
    [t, current.language],
  );
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const localized = useLocalizedTheme();
  return (
    <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
      <MantineProvider theme={localized}>
        <DirectionSync />
        <Toasts />
        <RouterProvider router={router} />
      </MantineProvider>
    </DirectionProvider>
  );
}
