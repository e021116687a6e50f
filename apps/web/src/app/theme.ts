import { createTheme } from "@mantine/core";

/** One theme; the font follows the language through --taleem-font (app.css). */
export const theme = createTheme({
  primaryColor: "teal",
  // The darkest teal: white on it, and it on white, read at 4.5:1 or better (WCAG AA).
  primaryShade: { light: 9, dark: 6 },
  fontFamily: "var(--taleem-font)",
  headings: { fontFamily: "var(--taleem-font)" },
  defaultRadius: "md",
  cursorType: "pointer",
});
