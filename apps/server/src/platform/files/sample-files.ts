/**
 * Small real files made in code, for the demo school and the tests: a one-page PDF with a title,
 * and recordings of silence in each audio container the uploads take. Nothing binary is kept in git.
 */

/** A one-page A4 PDF showing `title` (Latin letters), with a correct cross-reference table. */
export function pdfWithTitle(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "\\$&");
  const content = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** MPEG-1 layer III at 128 kbit/s, 44.1 kHz: each frame 417 bytes, about 26 ms; all-zero side information decodes as silence. */
export function mp3Bytes(frames = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** The CRC-32 of Ogg pages (polynomial 0x04c11db7, not reflected). */
function oggCrc(b: Buffer): number {
  let crc = 0;
  for (const byte of b) {
    crc ^= byte << 24;
    for (let i = 0; i < 8; i++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

function oggPage(packet: Buffer, sequence: number, flags: number, granule: number): Buffer {
  const lacing = [...Array(Math.floor(packet.length / 255)).fill(255), packet.length % 255];
  const header = Buffer.alloc(27 + lacing.length);
  header.write("OggS", 0, "latin1");
  header[5] = flags;
  header.writeBigUInt64LE(BigInt(granule), 6);
  header.writeUInt32LE(1, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = Buffer.concat([header, packet]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Ogg Opus (a phone's voice note): the two header pages and silent 20 ms packets, the last page marking the stream's end. */
export function oggBytes(packets = 10): Buffer {
  const head = Buffer.alloc(19);
  head.write("OpusHead", 0, "latin1");
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48000, 12);
  const tags = Buffer.concat([Buffer.from("OpusTags", "latin1"), Buffer.from([6, 0, 0, 0]), Buffer.from("taleem", "latin1"), Buffer.alloc(4)]);
  // TOC 0xf8: CELT full band, 20 ms, one frame; an empty frame is silence.
  const audio = Array.from({ length: packets }, (_, i) => oggPage(Buffer.from([0xf8]), i + 2, i === packets - 1 ? 4 : 0, 312 + (i + 1) * 960));
  return Buffer.concat([oggPage(head, 0, 2, 0), oggPage(tags, 1, 0, 0), ...audio]);
}

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
};
/** A handler box naming a track's kind ("soun", "vide"). */
const hdlr = (kind: string) => box("hdlr", Buffer.alloc(8), Buffer.from(kind, "latin1"), Buffer.alloc(13));

/** An M4A's outline (ftyp, moov with a sound track, mdat): enough for its checks, not for a player. */
export function m4aBytes(kind = "soun"): Buffer {
  return Buffer.concat([
    box("ftyp", Buffer.from("M4A \0\0\0\0M4A isom", "latin1")),
    box("moov", box("trak", box("mdia", hdlr(kind)))),
    box("mdat", Buffer.alloc(64)),
  ]);
}
