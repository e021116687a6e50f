import { type AnyAction, actionUrl } from "@taleem/contract";
import { ApiError } from "../../lib/api";
import { KEYS, storage } from "../../lib/storage";

function headers(): Record<string, string> {
  const token = storage.get(KEYS.token);
  return { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", ...(token ? { "x-access-token": token } : {}) };
}

async function failure(res: Response): Promise<never> {
  const b = (await res.json().catch(() => ({}))) as { message?: string; code?: string; params?: Record<string, unknown> };
  throw new ApiError(res.status, b.message ?? `HTTP ${res.status}`, b.code ?? `http_${res.status}`, b.params ?? {});
}

/**
 * A call whose body the shared client does not send: reversing a payment is a DELETE with its
 * reason in the body, as the specification has it.
 */
export async function sendWithBody<T>(action: AnyAction, body: unknown): Promise<T> {
  const res = await fetch(actionUrl(action, {}), { method: action.method, credentials: "include", headers: headers(), body: JSON.stringify(body) });
  if (!res.ok) return failure(res);
  return (await res.json()) as T;
}

/** A PDF the server answers to a POST (a payment's receipt), with the name it gives or the one expected. */
export async function postForPdf(action: AnyAction, body: unknown, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const res = await fetch(actionUrl(action, {}), { method: "POST", credentials: "include", headers: headers(), body: JSON.stringify(body) });
  if (!res.ok) return failure(res);
  const cd = res.headers.get("content-disposition") ?? "";
  const plain = /filename="?([^";]+)"?/i.exec(cd)?.[1];
  return { blob: await res.blob(), filename: plain ?? fallbackName };
}

/** Saves a file under its name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Prints a PDF through a hidden frame: the browser's own print dialog, no new tab to close at the counter. */
export function printFile(blob: Blob): void {
  const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
  const frame = document.createElement("iframe");
  frame.style.position = "fixed";
  frame.style.inlineSize = "0";
  frame.style.blockSize = "0";
  frame.style.border = "0";
  frame.src = url;
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, "_blank", "noopener");
    }
  };
  document.body.append(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 120_000);
}

/** A key made once per attempt to pay: the same attempt sent twice (a double click, a retry) pays once. */
export function newAttemptKey(): string {
  const random = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `counter-${random}`;
}
