#!/usr/bin/env node
// Finds a Chromium for PDFs and browser tests, or installs Debian's as root; prints its path.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];
  return candidates.find((p) => p && existsSync(p));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let path = findChromium();
  if (!path) {
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
      process.exit(1);
    }
    path = findChromium();
  }
  if (!path) process.exit(1);
  console.log(`Chromium: ${path} (${execFileSync(path, ["--version"]).toString().trim()})`);
}
