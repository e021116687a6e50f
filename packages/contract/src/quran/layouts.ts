import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply } from "../action.js";
import { GlobalAyah, TOTAL_AYAHS } from "./quran-index.js";

/** The most pages one call gives (a reader turning pages fetches a few ahead). */
export const MAX_PAGES_AT_ONCE = 20;

export const LayoutName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, "A layout's name is lower-case letters, digits and dashes")
  .describe("madani-604 is built in");

export const QuranLayout = z.object({
  layoutName: z.string(),
  title: z.string(),
  /** ayah-pages: each page's ayahs, the text flowing; lines: line by line as printed. */
  kind: z.enum(["ayah-pages", "lines"]),
  pageCount: z.number().int(),
  linesPerPage: z.number().int().nullable(),
  /** The font family to register (FontFace) with the file at `fontUrl`. */
  fontFamily: z.string(),
  fontUrl: z.string(),
});
export type QuranLayout = z.infer<typeof QuranLayout>;

export const QuranAyah = z.object({
  number: GlobalAyah,
  surah: z.number().int(),
  ayah: z.number().int(),
  juz: z.number().int(),
  text: z.string(),
});
export type QuranAyah = z.infer<typeof QuranAyah>;

/** One word of a line-by-line layout: its ayah (global number), its place in the ayah, its text as that mushaf prints it. */
export const QuranWord = z.object({
  ayah: GlobalAyah,
  word: z.number().int().min(1),
  text: z.string().min(1).max(200),
  /** The ayah's last word on this page: its number follows it. */
  end: z.boolean().optional(),
});
export type QuranWord = z.infer<typeof QuranWord>;

export const LINE_TYPES = ["ayah", "surah_name", "basmallah"] as const;

export const QuranLine = z.object({
  line: z.number().int().min(1),
  type: z.enum(LINE_TYPES),
  /** The surah a surah_name or basmallah line opens. */
  surah: z.number().int().min(1).max(114).nullable(),
  words: z.array(QuranWord),
});
export type QuranLine = z.infer<typeof QuranLine>;

/** A page: its ayahs; on a line-by-line layout, its lines too, drawn as printed. */
export const QuranPage = z.object({
  layoutName: z.string(),
  pageNumber: z.number().int(),
  ayahs: z.array(QuranAyah),
  lines: z.array(QuranLine).optional(),
});
export type QuranPage = z.infer<typeof QuranPage>;

const layoutParams = z.object({ layoutName: LayoutName });

export const listLayouts = defineAction({
  method: "GET",
  path: "/admin/api/layouts",
  module: "hifz",
  family: "scoped",
  access: "user",
  summary: "The mushaf layouts the app can draw (the built-in Madani 604-page one, and any imported)",
  reply: z.object({ message: z.string(), rows: z.array(QuranLayout) }),
  // The mushaf's layouts never change with the school's data: no change refreshes them.
  reads: [],
});

export const layoutMetadata = defineAction({
  method: "GET",
  path: "/admin/api/layouts/:layoutName/metadata",
  module: "hifz",
  family: "scoped",
  access: "user",
  summary: "A layout: its pages, font, licence, and the page each surah and juz begins on",
  params: layoutParams,
  reply: z.object({
    message: z.string(),
    layout: QuranLayout,
    licence: z.string(),
    attribution: z.string(),
    /** surah number -> first page; juz number -> first page (index 0 unused). */
    surahPages: z.array(z.number().int()),
    juzPages: z.array(z.number().int()),
    /** The first global ayah that begins on each page, in order: an ayah's page is found from it (`pageIn`). */
    pageStarts: z.array(z.number().int()),
    totalAyahs: z.literal(TOTAL_AYAHS),
  }),
  errors: [404],
  // The mushaf's layouts never change with the school's data: no change refreshes them.
  reads: [],
});

export const layoutFont = defineAction({
  method: "GET",
  path: "/admin/api/layouts/:layoutName/font",
  module: "hifz",
  family: "scoped",
  access: "user",
  summary: "The layout's font file (woff2), cached for a year",
  params: layoutParams,
  reply: fileReply(FILE_TYPES.woff2),
  errors: [404],
  // The mushaf's layouts never change with the school's data: no change refreshes them.
  reads: [],
});

export const layoutPage = defineAction({
  method: "GET",
  path: "/admin/api/layouts/:layoutName/pages/:pageNumber",
  module: "hifz",
  family: "scoped",
  access: "user",
  summary: "One page of a layout: its ayahs with their text",
  params: layoutParams.extend({ pageNumber: z.coerce.number().int().min(1).max(2000) }),
  reply: QuranPage.extend({ message: z.string() }),
  errors: [404],
  // The mushaf's layouts never change with the school's data: no change refreshes them.
  reads: [],
});

export const layoutPages = defineAction({
  method: "GET",
  path: "/admin/api/layouts/:layoutName/pages",
  module: "hifz",
  family: "scoped",
  access: "user",
  summary: `Pages start to end of a layout (at most ${MAX_PAGES_AT_ONCE})`,
  params: layoutParams,
  query: z
    .object({ start: z.coerce.number().int().min(1), end: z.coerce.number().int().min(1) })
    .refine((q) => q.end >= q.start, { message: "The last page comes before the first", path: ["end"] })
    .refine((q) => q.end - q.start < MAX_PAGES_AT_ONCE, { message: `At most ${MAX_PAGES_AT_ONCE} pages at once`, path: ["end"] }),
  reply: z.object({ message: z.string(), layoutName: z.string(), pages: z.array(QuranPage) }),
  errors: [404],
  // The mushaf's layouts never change with the school's data: no change refreshes them.
  reads: [],
});
