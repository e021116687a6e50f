/** Hands a downloaded file to the browser under its own name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
