// The Latin font every page uses, in the first stylesheet. Each other script's font is declared
// when its language is chosen, and all of them once the first page shows (lib/script-fonts.ts):
// their files are large, and a page in English needs none of them to start.
// The weight files, not the per-subset ones: only they give each subset its unicode-range, so a
// page downloads Latin Extended (174 kB in three weights) only when it shows such a letter.
import "@fontsource/noto-sans/400.css";
import "@fontsource/noto-sans/600.css";
import "@fontsource/noto-sans/700.css";
