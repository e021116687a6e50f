#!/usr/bin/env node
// Finds a Chromium for PDFs and browser tests, or installs Debian's as root (or with password-less
// sudo); as a script it prints its path, and exits 1 when there is none.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Where a Chromium is found on each system, as the server looks (apps/server/src/platform/files/pdf-renderer.ts: keep the two alike). */
function candidates() {
  const env = process.env;
  if (process.platform === "win32")
    return [env.PROGRAMFILES, env["PROGRAMFILES(X86)"], env.LOCALAPPDATA]
      .filter(Boolean)
      .flatMap((dir) => [`${dir}\\Google\\Chrome\\Application\\chrome.exe`, `${dir}\\Microsoft\\Edge\\Application\\msedge.exe`]);
  if (process.platform === "darwin")
    return ["Google Chrome.app/Contents/MacOS/Google Chrome", "Chromium.app/Contents/MacOS/Chromium", "Microsoft Edge.app/Contents/MacOS/Microsoft Edge"].map(
      (app) => `/Applications/${app}`,
    );
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];
}

export function findChromium() {
  return [process.env.CHROMIUM_PATH, ...candidates()].find((p) => p && existsSync(p));
}

/** The Chromium found, else (on Linux) the one installed from Debian's packages; undefined when neither could be had (said why). */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.platform !== "linux") {
    console.error("Chromium not found: install Google Chrome (or Microsoft Edge), or set CHROMIUM_PATH to a Chromium-based browser.");
    return undefined;
  }
  const root = process.getuid?.() === 0;
  const sudo = root ? [] : ["sudo", "-n"];
  console.log("Chromium not found; installing Debian's chromium package...");
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], sudo.length ? [...sudo.slice(1), ...args] : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  if (run(["apt-get", "update"]).status !== 0 || run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]).status !== 0) {
    console.error("Could not install Chromium. Install it (apt-get install chromium) or set CHROMIUM_PATH.");
    return undefined;
  }
  return findChromium();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium();
  if (!path) process.exit(1);
  console.log(`Chromium: ${path} (${execFileSync(path, ["--version"]).toString().trim()})`);
}
