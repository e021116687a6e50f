import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { layoutFont, layoutMetadata as layoutMetadataAction, layoutPage, layoutPages as layoutPagesAction, listLayouts } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { importedFont, layoutMetadata, layoutPages, layouts, requireLayout } from "./quran.service.js";

const require = createRequire(import.meta.url);
const FONT_YEAR = "public, max-age=31536000, immutable";

/**
 * The Quran's layouts for every signed-in person (teachers mark mistakes on the page, parents see
 * their child's heat map on it): the list, a layout's metadata, its font, and its pages.
 */
export function registerQuranModule(app: FastifyInstance) {
  serveAction(app, listLayouts, async (ctx) => ({ message: "Layouts", rows: await layouts(ctx.scope) }));

  serveAction(app, layoutMetadataAction, async (ctx, { params }) => ({
    message: "Layout",
    totalAyahs: 6236 as const,
    ...(await layoutMetadata(ctx.scope, params.layoutName)),
  }));

  serveAction(app, layoutFont, async (ctx, { params }) => {
    const layout = await requireLayout(ctx.scope, params.layoutName);
    // The built-in layout's font is the OFL Amiri Quran the app ships; an imported layout's is kept with it.
    const file = (await importedFont(ctx.scope, layout.name)) ?? (await readFile(require.resolve(`@fontsource/amiri-quran/files/${layout.fontFile}`)));
    ctx.reply.header("content-type", "font/woff2").header("cache-control", FONT_YEAR);
    return file;
  });

  serveAction(app, layoutPage, async (ctx, { params }) => {
    const [page] = await layoutPages(ctx.scope, params.layoutName, params.pageNumber, params.pageNumber);
    return { message: "Page", ...page! };
  });

  serveAction(app, layoutPagesAction, async (ctx, { params, query }) => ({
    message: "Pages",
    layoutName: params.layoutName,
    pages: await layoutPages(ctx.scope, params.layoutName, query.start, query.end),
  }));
}
