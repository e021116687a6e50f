import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a reply goes as it is: the headers cost more than compression would save. */
const SMALLEST = 1024;

/** Which encoding the caller takes, brotli first; none when it names neither. */
function chosenEncoding(accept: string | undefined): "br" | "gzip" | undefined {
  if (!accept) return undefined;
  const offered = accept
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
    .map(([name = ""]) => name.trim());
  if (offered.includes("br")) return "br";
  if (offered.includes("gzip")) return "gzip";
  return undefined;
}

/**
 * JSON replies compressed for callers that ask (every browser does): a page of 100 students is
 * about a sixth of its size in brotli, which is what a parent's phone on a weak line waits for.
 * Brotli at a low quality costs about a millisecond for such a page. Files (PDFs, uploads, the
 * web app's own precompressed scripts) keep their own handling.
 */
export function installReplyCompression(app: FastifyInstance) {
  app.addHook("onSend", async (req, reply, payload) => {
    if (typeof payload !== "string" || Buffer.byteLength(payload) < SMALLEST) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    const type = String(reply.getHeader("content-type") ?? "");
    // JSON, and the pages drawn here (the parent home, platform/http/server-home.ts).
    if (!type.startsWith("application/json") && !type.startsWith("text/html")) return payload;
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
    const encoding = chosenEncoding(req.headers["accept-encoding"]);
    if (!encoding) return payload;
    const body =
      encoding === "br"
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: payload.length } })
        : await gzipAsync(payload, { level: 6 });
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return body;
  });
}
