import { ApiError } from "../../../lib/api";
import { KEYS, storage } from "../../../lib/storage";

/**
 * A file the server answers to a POST (the spec's `POST log/download` takes its filters as a
 * body, which `api.download`, a GET, cannot send): the same headers as every call, the file
 * saved under the name the server gives it.
 */
export async function postForFile(path: string, body: unknown, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const token = storage.get(KEYS.token);
  const res = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", ...(token ? { "x-access-token": token } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const b = (await res.json().catch(() => ({}))) as { message?: string; code?: string; params?: Record<string, unknown> };
    throw new ApiError(res.status, b.message ?? `HTTP ${res.status}`, b.code ?? `http_${res.status}`, b.params ?? {});
  }
  const plain = /filename="?([^";]+)"?/i.exec(res.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await res.blob(), filename: plain ?? fallbackName };
}
