/**
 * A small streaming tar (ustar) writer and reader: enough for backups of plain files, so that
 * gigabytes of uploads pass through without being held in memory. Archives it writes unpack with
 * any `tar`; it reads what it writes and what GNU or POSIX tar write (long names, pax paths).
 */

const BLOCK = 512;
/** The largest size the 11 octal digits of a ustar header hold. */
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export interface TarSource {
  /** Path inside the archive, "/"-separated, relative. */
  name: string;
  size: number;
  mtime: Date;
  /** The bytes: exactly `size` of them. */
  body: Buffer | AsyncIterable<Buffer>;
}

export interface TarItem {
  name: string;
  size: number;
  mtime: Date;
  /** "file", "directory", or another type, which callers usually refuse. */
  type: "file" | "directory" | "other";
  /** The entry's bytes; what is not read is skipped when the next entry is asked for. */
  body: AsyncIterable<Buffer>;
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, "0")}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const bytes = Buffer.from(name, "utf8");
  if (bytes.length > 100) throw new Error(`tar: the name ${name} is longer than 100 bytes`);
  if (size > MAX_OCTAL_SIZE) throw new Error(`tar: ${name} is larger than 8 GB`);
  const h = Buffer.alloc(BLOCK);
  bytes.copy(h, 0);
  h.write(octal(0o644, 8), 100, "ascii");
  h.write(octal(0, 8), 108, "ascii");
  h.write(octal(0, 8), 116, "ascii");
  h.write(octal(size, 12), 124, "ascii");
  h.write(octal(Math.max(0, Math.floor(mtime.getTime() / 1000)), 12), 136, "ascii");
  h.write("        ", 148, "ascii");
  h.write("0", 156, "ascii");
  h.write("ustar\x0000", 257, "ascii");
  h.write(octal(checksum(h), 7), 148, "ascii");
  return h;
}

const checksum = (h: Buffer) => {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum;
};

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive of `entries`, block by block, ready for gzip and a file. */
export async function* writeTar(entries: AsyncIterable<TarSource> | Iterable<TarSource>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield header(entry.name, entry.size, entry.mtime);
    let written = 0;
    const chunks = Buffer.isBuffer(entry.body) ? [entry.body] : entry.body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    // A file that changed while it was read would misalign every entry after it.
    if (written !== entry.size) throw new Error(`tar: ${entry.name} changed while it was read (${written} bytes, expected ${entry.size})`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next.value]) : next.value;
    return true;
  }

  /** `n` bytes, or undefined when the stream ends before any byte; a partial read is an error. */
  async take(n: number): Promise<Buffer | undefined> {
    while (this.buffered.length < n) {
      if (!(await this.more())) {
        if (!this.buffered.length) return undefined;
        throw new Error("tar: the archive is cut short");
      }
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  /** The next `n` bytes as they arrive. */
  async *stream(n: number, progress: (bytes: number) => void): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.buffered.length && !(await this.more())) throw new Error("tar: the archive is cut short");
      const part = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(part.length);
      left -= part.length;
      progress(part.length);
      yield part;
    }
  }

  async skip(n: number): Promise<void> {
    for await (const _ of this.stream(n, () => {})) {
      // discarded
    }
  }
}

function field(h: Buffer, at: number, length: number): string {
  const raw = h.subarray(at, at + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString("utf8");
}

function number(h: Buffer, at: number, length: number): number {
  // GNU tar writes sizes past 8 GB in base 256, flagged by the high bit.
  if (h[at]! & 0x80) {
    let n = h[at]! & 0x7f;
    for (let i = 1; i < length; i++) n = n * 256 + h[at + i]!;
    return n;
  }
  const text = field(h, at, length).trim();
  const n = text ? Number.parseInt(text, 8) : 0;
  if (!Number.isFinite(n)) throw new Error("tar: a header holds a bad number");
  return n;
}

/** The pax records of an extended header ("27 path=some/long/name\n"). */
function paxRecords(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number.parseInt(body.subarray(at, space).toString("ascii"), 10);
    if (!length) break;
    const record = body.subarray(space + 1, at + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

/**
 * The entries of an archive, one at a time: read (or ignore) each entry's body before asking for
 * the next. A damaged header is an error, never a guess.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarItem> {
  const reader = new ByteReader(source);
  let longName: string | undefined;
  let pax: Record<string, string> = {};
  for (;;) {
    const h = await reader.take(BLOCK);
    if (!h || h.every((b) => b === 0)) return;
    if (number(h, 148, 8) !== checksum(h)) throw new Error("tar: a header's checksum is wrong (not a tar archive, or damaged)");
    const type = String.fromCharCode(h[156]!);
    const size = number(h, 124, 12);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type === "L" || type === "x" || type === "g") {
      const body = (await reader.take(size + pad)) ?? Buffer.alloc(0);
      if (type === "L") longName = field(body, 0, size);
      else if (type === "x") pax = paxRecords(body.subarray(0, size));
      continue;
    }
    const prefix = field(h, 345, 155);
    const name = pax.path ?? longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100));
    longName = undefined;
    pax = {};
    let left = size;
    yield {
      name,
      size,
      mtime: new Date(number(h, 136, 12) * 1000),
      type: type === "0" || type === "\0" || type === "7" ? "file" : type === "5" ? "directory" : "other",
      body: reader.stream(size, (n) => {
        left -= n;
      }),
    };
    await reader.skip(left + pad);
  }
}
