import { type StoredFile, type UploadModule, uploadFile } from "@taleem/contract";
import { ApiError, buildUrl } from "../lib/api";
import { KEYS, storage } from "../lib/storage";

type Module = (typeof UploadModule)["options"][number];

/** The largest side of a photo once shrunk: sharp on a profile or a printed list, small to send. */
const PHOTO_SIDE = 1600;
/** Photos above this are shrunk before they are sent (a phone camera's 4-8 MB picture). */
const SHRINK_ABOVE = 1024 * 1024;

/**
 * A camera picture made small enough to send over a school's phone connection: drawn at most
 * 1600 px wide or high as a JPEG. A file that is not a picture the browser can draw is returned
 * as it is, and its first bytes are judged as usual.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SHRINK_ABOVE || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}

/**
 * POST /admin/api/upload with the bytes sent reported as they go (fetch cannot tell an upload's
 * progress; XMLHttpRequest can). Headers and errors as the api client's.
 */
export function sendUpload(body: { name: string; data: string; module: Module }, onProgress: (fraction: number) => void): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(uploadFile.method, buildUrl(uploadFile.path));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("x-requested-with", "XMLHttpRequest");
    const token = storage.get(KEYS.token);
    if (token) xhr.setRequestHeader("x-access-token", token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, "The server could not be reached. Check your connection and try again.", "network"));
    xhr.onload = () => {
      let reply: Record<string, unknown> = {};
      try {
        reply = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // A proxy's HTML page: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(reply.data as StoredFile);
      const message = typeof reply.message === "string" ? reply.message : `HTTP ${xhr.status}`;
      const params = reply.params && typeof reply.params === "object" ? (reply.params as Record<string, unknown>) : {};
      reject(new ApiError(xhr.status, message, typeof reply.code === "string" ? reply.code : `http_${xhr.status}`, params));
    };
    xhr.send(JSON.stringify(body));
  });
}
