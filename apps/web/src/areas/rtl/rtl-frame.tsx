import { DirectionProvider } from "@mantine/core";
import { type ReactNode, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { directionOf } from "../../lib/i18n";

const ARABIC_FONT = '"Noto Naskh Arabic", var(--taleem-fallback)';

/**
 * The administration area turned right to left whatever the language: the page's direction is
 * set while the area is open (dialogs and menus render outside this tree, so the whole document
 * turns), and a left-to-right language is drawn with the Arabic font stack first. Leaving the
 * area gives the page back to the language's own direction and font.
 */
export function RtlFrame({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    const html = document.documentElement;
    const turn = () => {
      if (html.dir !== "rtl") html.dir = "rtl";
    };
    turn();
    if (directionOf(i18n.language) === "ltr") html.style.setProperty("--taleem-font", ARABIC_FONT);
    else html.style.removeProperty("--taleem-font");
    // A language switch sets the document's direction for the language; in this area it stays right to left.
    const watch = new MutationObserver(turn);
    watch.observe(html, { attributes: true, attributeFilter: ["dir"] });
    return () => {
      watch.disconnect();
      html.dir = directionOf(i18n.language);
      html.style.removeProperty("--taleem-font");
    };
  }, [i18n.language]);
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <div dir="rtl">{children}</div>
    </DirectionProvider>
  );
}
