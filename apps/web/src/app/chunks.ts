/** A part of the app (a JavaScript chunk) that did not arrive. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : "Loading a part of the app failed", { cause });
    this.name = "ChunkLoadError";
  }
}

/** The spec's limit: a chunk that has not arrived after 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Loads a lazy module, turning a failed or too slow fetch into a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(new Error("Loading a part of the app timed out"))), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((e) => {
      throw e instanceof ChunkLoadError ? e : new ChunkLoadError(e);
    })
    .finally(() => clearTimeout(timer));
}

export function isChunkError(e: unknown): boolean {
  if (e instanceof ChunkLoadError) return true;
  const msg = e instanceof Error ? e.message : String(e ?? "");
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(msg);
}
