import { Text, type TextProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A line cut short with an ellipsis at the end of its own script (a Latin name in an Urdu page
 * reads "Quran Reci…", not "…n Recitation"), aligned to the page's side.
 */
export function CutText({ children, ...props }: TextProps & { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <Text truncate dir="auto" ta={i18n.dir() === "rtl" ? "right" : "left"} {...props}>
      {children}
    </Text>
  );
}
