import { brotliDecompressSync } from "node:zlib";

/**
 * The code points a font (TrueType/OpenType, or WOFF2 as browsers are served it) maps to a glyph:
 * its character map, read from the `cmap` table's format 4 and 12 subtables. A character outside
 * it is drawn from another font, or as an empty box.
 */
export function fontCodePoints(font: Buffer): Set<number> {
  const cmap = cmapTable(font);
  const points = new Set<number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const at = cmap.readUInt32BE(4 + i * 8 + 4);
    const format = cmap.readUInt16BE(at);
    if (format === 4) readFormat4(cmap, at, points);
    else if (format === 12) readFormat12(cmap, at, points);
  }
  return points;
}

/** Segments of 16-bit code points, each mapping through a delta or a glyph id array (0: no glyph). */
function readFormat4(t: Buffer, at: number, points: Set<number>) {
  const segments = t.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const offsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const [end, start, delta, offset] = [ends, starts, deltas, offsets].map((base) => t.readUInt16BE(base + s * 2)) as [number, number, number, number];
    for (let c = start; c <= end && c !== 0xffff; c++) {
      const raw = offset ? t.readUInt16BE(offsets + s * 2 + offset + (c - start) * 2) : c;
      if (offset && raw === 0) continue;
      if ((raw + delta) & 0xffff) points.add(c);
    }
  }
}

/** Groups of code points (any plane) mapped to consecutive glyphs. */
function readFormat12(t: Buffer, at: number, points: Set<number>) {
  for (let g = 0; g < t.readUInt32BE(at + 12); g++) {
    const group = at + 16 + g * 12;
    for (let c = t.readUInt32BE(group); c <= t.readUInt32BE(group + 4); c++) points.add(c);
  }
}

// WOFF2's known table tags, by the index its table directory gives in place of a tag (WOFF2 §5.1).
const WOFF2_TAGS =
  "cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill"
    .split(" ")
    .map((tag) => tag.replace("_", " "));

function cmapTable(font: Buffer): Buffer {
  if (font.toString("latin1", 0, 4) !== "wOF2") {
    for (let i = 0; i < font.readUInt16BE(4); i++) {
      const entry = 12 + i * 16;
      if (font.toString("latin1", entry, entry + 4) === "cmap")
        return font.subarray(font.readUInt32BE(entry + 8), font.readUInt32BE(entry + 8) + font.readUInt32BE(entry + 12));
    }
    throw new Error("The font has no cmap table");
  }
  // WOFF2: a directory of variable-length entries, then every table in one Brotli stream, in
  // directory order. cmap is never transformed, so its bytes are the table itself.
  let p = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = font[p++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error("A WOFF2 length runs past five bytes");
  };
  const tables: { tag: string; length: number }[] = [];
  for (let i = 0; i < font.readUInt16BE(12); i++) {
    const flags = font[p++]!;
    let tag = WOFF2_TAGS[flags & 0x3f]!;
    if ((flags & 0x3f) === 0x3f) {
      tag = font.toString("latin1", p, p + 4);
      p += 4;
    }
    const length = base128();
    const version = flags >> 6;
    // glyf and loca are transformed unless their version says not (3); any other table only when not 0.
    const transformed = tag === "glyf" || tag === "loca" ? version !== 3 : version !== 0;
    tables.push({ tag, length: transformed ? base128() : length });
  }
  const data = brotliDecompressSync(font.subarray(p, p + font.readUInt32BE(20)));
  let offset = 0;
  for (const t of tables) {
    if (t.tag === "cmap") return data.subarray(offset, offset + t.length);
    offset += t.length;
  }
  throw new Error("The font has no cmap table");
}
