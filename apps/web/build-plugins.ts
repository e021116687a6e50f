import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { minifySync, type Plugin } from "vite";
import { AREA_TEXTS } from "./src/app/area-texts";
import { FOR_LANGUAGE, SCRIPT_FAMILIES } from "./src/lib/language-scripts";

/** Text files worth compressing; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, so the server
 * hands them out as they are (preCompressed) instead of compressing on each request. Runs after
 * the service worker is generated, so sw.js is compressed too.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  async function files(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])));
    return nested.flat();
  }
  return {
    name: "taleem-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: "post",
      async handler() {
        const targets = (await files(outDir)).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          targets.map(async (file) => {
            if ((await stat(file)).size < 1024) return;
            const bytes = await readFile(file);
            const brotli = await br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
            await writeFile(`${file}.br`, brotli);
            await writeFile(`${file}.gz`, await gz(bytes, { level: 9 }));
          }),
        );
      },
    },
  };
}

/**
 * public/boot.js runs before the first paint of every page and is copied as it is written, its
 * comments its documentation: the build writes it minified (half its gzipped size), after the copy
 * and before the service worker lists it and precompress compresses it.
 */
export function minifyBootScript(): Plugin {
  let outDir = "dist";
  return {
    name: "taleem-minify-boot",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const file = join(outDir, "boot.js");
      let source: string;
      try {
        source = await readFile(file, "utf8");
      } catch {
        return; // a build without the public files (the server's copy of the home)
      }
      const { code, errors } = minifySync("boot.js", source, { compress: true, mangle: true });
      if (errors.length) throw new Error(`public/boot.js did not minify: ${errors.map((e) => e.message).join("; ")}`);
      await writeFile(file, code);
    },
  };
}

/**
 * The modules each kind of page starts with, by the path prefix that reaches it. A page's area
 * is otherwise discovered only once the app's code runs (area-registry.ts); knowing it from the
 * address lets public/boot.js preload it alongside that code.
 */
const AREA_ENTRIES: Record<string, string[]> = {
  auth: ["src/areas/auth/auth.routes.tsx"],
  platform: ["src/areas/platform/platform.routes.tsx"],
  open: ["src/app/data-frame.tsx", "src/areas/open/open.routes.tsx"],
  "open/admission": ["src/app/data-frame.tsx", "src/areas/open/open.routes.tsx", "src/areas/open/admission.page.tsx"],
  admin: ["src/app/area-frame.tsx", "src/areas/admin/admin.routes.tsx"],
  // The pages an area opens on (and the sign-in lands on) come with the area's code.
  "admin/dashboard": ["src/app/area-frame.tsx", "src/areas/admin/admin.routes.tsx", "src/areas/admin/dashboard-page.tsx"],
  rtl: ["src/app/area-frame.tsx", "src/areas/rtl/rtl.routes.tsx"],
  parent: ["src/app/area-frame.tsx", "src/areas/parent/parent.routes.tsx"],
  "parent/home": ["src/app/area-frame.tsx", "src/areas/parent/parent.routes.tsx", "src/areas/parent/parent-home-page.tsx"],
};

type BundleChunk = {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Writes into index.html, as JSON data blocks (the content policy runs no inline script), the
 * files each area's first page needs beyond the entry's own (JavaScript chunks and stylesheets),
 * and the text namespaces of each area's frame (src/app/area-texts.ts).
 */
export function areaPreloads(): Plugin {
  return {
    name: "taleem-area-preloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is BundleChunk & (typeof ctx.bundle)[string] => c.type === "chunk");
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: BundleChunk[]) => {
          const seen = new Set<string>();
          const walk = (c: BundleChunk) => {
            if (seen.has(c.fileName)) return;
            seen.add(c.fileName);
            for (const i of c.imports) {
              const next = byName.get(i);
              if (next) walk(next);
            }
          };
          for (const c of start) walk(c);
          return seen;
        };
        const loaded = closure(chunks.filter((c) => c.isEntry));
        const map: Record<string, string[]> = {};
        for (const [prefix, modules] of Object.entries(AREA_ENTRIES)) {
          const starts = modules.map((m) => chunks.find((c) => c.facadeModuleId?.endsWith(m))).filter((c): c is BundleChunk & (typeof chunks)[number] => !!c);
          const files = [...closure(starts)].filter((f) => !loaded.has(f));
          const css = files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
          map[prefix] = [...files, ...css].map((f) => `/${f}`);
        }
        // Each language's script-font stylesheets (the files src/lib/script-fonts.ts loads), for a
        // page the server draws in that language (apps/server/src/platform/http/server-home.ts).
        const fonts: Record<string, string[]> = {};
        for (const asset of Object.values(ctx.bundle)) {
          if (asset.type !== "asset" || !asset.fileName.endsWith(".css")) continue;
          const css = String(asset.source).replace(/font-family:\s*/g, "font-family:");
          for (const [lng, scripts] of Object.entries(FOR_LANGUAGE))
            if (scripts.some((script) => css.includes(`font-family:${SCRIPT_FAMILIES[script]};`))) fonts[lng] = [...(fonts[lng] ?? []), `/${asset.fileName}`];
        }
        const data =
          `<script type="application/json" id="area-preloads">${JSON.stringify(map)}</script>\n` +
          `    <script type="application/json" id="area-texts">${JSON.stringify(AREA_TEXTS)}</script>\n` +
          `    <script type="application/json" id="language-fonts">${JSON.stringify(fonts)}</script>`;
        return html.replace('<script src="/boot.js"></script>', `${data}\n    <script src="/boot.js"></script>`);
      },
    },
  };
}

/**
 * The splash's logo written into index.html (a data address, public/logo.svg's own text): drawn in
 * the first paint, with no request waiting behind the page's scripts on a slow network.
 */
export function inlineSplashLogo(): Plugin {
  let publicDir = "";
  return {
    name: "taleem-inline-splash-logo",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async transformIndexHtml(html) {
      const svg = await readFile(join(publicDir, "logo.svg"), "utf8");
      const src = `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
      return html.replace('<img src="/logo.svg" alt="Taleem" />', `<img src="${src}" alt="Taleem" />`);
    },
  };
}

/**
 * The app's code asked for at low priority (the entry and the modules it starts with): the first
 * paint needs only the stylesheet, boot.js and a font, and on a slow phone network 130 kB of
 * scripts fetched at high priority held that paint back (Lighthouse's mobile profile: the public
 * form's first paint 2.1 s, 1.2 s with this). public/boot.js asks for an area's code the same way,
 * so the entry's own modules are not queued behind the area's.
 */
export function codeAfterFirstPaint(): Plugin {
  return {
    name: "taleem-code-after-first-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin /g, '<script type="module" fetchpriority="low" crossorigin ')
          .replace(/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" fetchpriority="low" crossorigin '),
    },
  };
}
