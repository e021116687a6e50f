import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The fonts every PDF embeds, from the @fontsource packages (a fresh server has no Malayalam,
 * Tamil or Nastaliq fonts): each family's own script subsets, regular and bold, as base64
 * @font-face rules that keep fontsource's unicode ranges.
 */
const FAMILIES = [
  { pkg: "@fontsource/noto-sans", subsets: ["latin", "latin-ext"] },
  { pkg: "@fontsource/noto-naskh-arabic", subsets: ["arabic"] },
  { pkg: "@fontsource/noto-nastaliq-urdu", subsets: ["arabic"] },
  { pkg: "@fontsource/noto-sans-malayalam", subsets: ["malayalam"] },
  { pkg: "@fontsource/noto-sans-tamil", subsets: ["tamil"] },
] as const;
const WEIGHTS = [400, 700];

export const FONT_STACK = {
  /** Arabic script in Naskh: Arabic names, and Urdu where the school does not prefer Nastaliq. */
  naskh: `"Noto Sans", "Noto Naskh Arabic", "Noto Nastaliq Urdu", "Noto Sans Malayalam", "Noto Sans Tamil", sans-serif`,
  /** Arabic script in Nastaliq first: a school whose language is Urdu. */
  nastaliq: `"Noto Sans", "Noto Nastaliq Urdu", "Noto Naskh Arabic", "Noto Sans Malayalam", "Noto Sans Tamil", sans-serif`,
};

const require = createRequire(import.meta.url);
let css: string | undefined;

/** The @font-face rules, read once per process. */
export function embeddedFontCss(): string {
  css ??= FAMILIES.flatMap(({ pkg, subsets }) => {
    const dir = dirname(require.resolve(`${pkg}/package.json`));
    return WEIGHTS.flatMap((weight) => {
      const source = readFileSync(join(dir, `${weight}.css`), "utf8");
      return source
        .split("@font-face")
        .slice(1)
        .map((block) => `@font-face${block.replace(/\/\*[^*]*\*\/\s*$/, "")}`)
        .filter((block) => subsets.some((s) => block.includes(`-${s}-${weight}-normal.woff2`)))
        .map((block) =>
          block.replace(/src:[^;]+;/, (src) => {
            const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(src)?.[1];
            if (!file) throw new Error(`no woff2 in ${pkg} ${weight}.css`);
            const data = readFileSync(join(dir, "files", file)).toString("base64");
            return `src: url(data:font/woff2;base64,${data}) format('woff2');`;
          }),
        )
        .map((block) => block.replace(/font-display:\s*swap;/, "font-display: block;"));
    });
  }).join("\n");
  return css;
}
