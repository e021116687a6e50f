import type { UploadType } from "@taleem/contract";

/**
 * Recordings known by their bytes, and whether they are whole, by walking the whole file: MP3 and
 * ADTS (raw AAC) frame by frame, M4A box by box, Ogg page by page. A file that stops in the middle
 * of a frame, box or page was cut short; anything that is not a chain of them is not audio.
 */
type Found = { type: UploadType; whole: boolean };

const ascii = (b: Buffer, at: number, s: string) => b.toString("latin1", at, at + s.length) === s;

const MP3_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as Record<number, number[]>;

/** The length of the MPEG layer III frame starting at `at`, or 0 when no frame starts there. */
function mp3Frame(b: Buffer, at: number): number {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return 0;
  const version = (b[at + 1]! >> 3) & 3;
  const layer = (b[at + 1]! >> 1) & 3;
  const kbps = (version === 3 ? MP3_KBPS.v1 : MP3_KBPS.v2)[b[at + 2]! >> 4];
  const rate = MP3_RATES[version]?.[(b[at + 2]! >> 2) & 3];
  if (layer !== 1 || !kbps || !rate) return 0;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + ((b[at + 2]! >> 1) & 1);
}

/** The length of the ADTS (AAC) frame starting at `at`, or 0. */
function adtsFrame(b: Buffer, at: number): number {
  if (at + 7 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xf6) !== 0xf0) return 0;
  const length = ((b[at + 3]! & 3) << 11) | (b[at + 4]! << 3) | (b[at + 5]! >> 5);
  return length >= 7 ? length : 0;
}

/** What may follow the last frame: an ID3v1 or APE tag, Lyrics3, an appended ID3v2, or zero padding. */
const isTrailer = (b: Buffer, at: number) => ["TAG", "APETAGEX", "LYRICS", "ID3"].some((s) => ascii(b, at, s)) || b.subarray(at).every((x) => x === 0);

function walkFrames(b: Buffer, start: number, frame: (b: Buffer, at: number) => number, type: UploadType): Found | undefined {
  let at = start;
  let frames = 0;
  for (let n = frame(b, at); n; n = frame(b, at)) {
    if (at + n > b.length) return { type, whole: false };
    at += n;
    frames++;
  }
  if (!frames) return undefined;
  return { type, whole: at === b.length || isTrailer(b, at) };
}

function mpegAudio(b: Buffer): Found | undefined {
  let start = 0;
  // An ID3v2 tag first (title, reciter): its size is "syncsafe", 7 bits a byte; a footer adds 10.
  if (ascii(b, 0, "ID3") && b.length >= 10) {
    start = 10 + ((b[6]! & 0x7f) << 21) + ((b[7]! & 0x7f) << 14) + ((b[8]! & 0x7f) << 7) + (b[9]! & 0x7f) + (b[5]! & 0x10 ? 10 : 0);
  }
  const found = walkFrames(b, start, mp3Frame, "audio/mpeg") ?? walkFrames(b, start, adtsFrame, "audio/aac");
  // A tag with no frame behind it is a recording cut short, or something else in disguise.
  return found ?? (start ? { type: "audio/mpeg", whole: false } : undefined);
}

/** M4A: boxes end to end to the last byte, with the sound's description (moov) and its data (mdat), and no picture track. */
function mp4Audio(b: Buffer): Found | undefined {
  if (!ascii(b, 4, "ftyp")) return undefined;
  const seen = new Map<string, Buffer>();
  let at = 0;
  while (at + 8 <= b.length) {
    let size = b.readUInt32BE(at);
    if (size === 1) size = at + 16 <= b.length ? Number(b.readBigUInt64BE(at + 8)) : 0;
    else if (size === 0) size = b.length - at;
    if (size < 8 || at + size > b.length) return { type: "audio/mp4", whole: false };
    seen.set(b.toString("latin1", at + 4, at + 8), b.subarray(at, at + size));
    at += size;
  }
  const moov = seen.get("moov");
  if (moov) {
    const handlers: string[] = [];
    for (let i = moov.indexOf("hdlr"); i >= 0; i = moov.indexOf("hdlr", i + 4)) handlers.push(moov.toString("latin1", i + 12, i + 16));
    // A film is not a recording, whatever its brand says.
    if (handlers.includes("vide") || !handlers.includes("soun")) return undefined;
  }
  return { type: "audio/mp4", whole: at === b.length && !!moov && seen.has("mdat") };
}

/** Ogg: pages end to end, the first carrying a Vorbis or Opus header, the last marked as the end of the stream. */
function oggAudio(b: Buffer): Found | undefined {
  if (!ascii(b, 0, "OggS") || b.length < 28) return undefined;
  const first = 27 + b[26]!;
  if (!ascii(b, first, "\x01vorbis") && !ascii(b, first, "OpusHead")) return undefined;
  let at = 0;
  let last = 0;
  while (at < b.length) {
    if (!ascii(b, at, "OggS") || at + 27 > b.length) return { type: "audio/ogg", whole: false };
    const segments = b[at + 26]!;
    let size = 27 + segments;
    for (let i = 0; i < segments; i++) size += b[at + 27 + i] ?? 0;
    if (at + size > b.length) return { type: "audio/ogg", whole: false };
    last = b[at + 5]!;
    at += size;
  }
  return { type: "audio/ogg", whole: (last & 0x04) !== 0 };
}

export const sniffAudio = (b: Buffer): Found | undefined => oggAudio(b) ?? mp4Audio(b) ?? mpegAudio(b);
