// The Latin font every page uses, in the first stylesheet. Each other script's font is declared
// when its language is chosen, and all of them once the first page shows (lib/script-fonts.ts):
// their files are large, and a page in English needs none of them to start.
import "@fontsource/noto-sans/latin-400.css";
import "@fontsource/noto-sans/latin-600.css";
import "@fontsource/noto-sans/latin-700.css";
import "@fontsource/noto-sans/latin-ext-400.css";
import "@fontsource/noto-sans/latin-ext-600.css";
import "@fontsource/noto-sans/latin-ext-700.css";
