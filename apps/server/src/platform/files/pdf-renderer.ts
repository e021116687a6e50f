import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { AppError } from "../http/errors.js";

const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
/**
 * Where a Chromium is found on each system, as scripts/ensure-chromium.mjs looks (keep the two
 * alike): Debian's package and Google's on Linux; Chrome, Chromium or Edge on a Mac; Chrome or
 * Edge on Windows, which ships with Edge, so a school's one laptop prints without an install.
 */
function candidates(): string[] {
  const env = process.env;
  if (process.platform === "win32")
    return [env.PROGRAMFILES, env["PROGRAMFILES(X86)"], env.LOCALAPPDATA]
      .filter((dir): dir is string => !!dir)
      .flatMap((dir) => [`${dir}\\Google\\Chrome\\Application\\chrome.exe`, `${dir}\\Microsoft\\Edge\\Application\\msedge.exe`]);
  if (process.platform === "darwin")
    return ["Google Chrome.app/Contents/MacOS/Google Chrome", "Chromium.app/Contents/MacOS/Chromium", "Microsoft Edge.app/Contents/MacOS/Microsoft Edge"].map(
      (app) => `/Applications/${app}`,
    );
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];
}

/** CHROMIUM_PATH, else the first Chromium found (scripts/ensure-chromium.mjs installs one). */
export function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, ...candidates()].find((p): p is string => !!p && existsSync(p));
}

// One browser per process, launched on first use and closed when the last app using it closes.
let browser: Promise<Browser> | undefined;
let users = 0;

function launch(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    // An operator's fix (scripts/ensure-chromium.mjs or CHROMIUM_PATH), told to the user plainly.
    return Promise.reject(
      new AppError(503, "pdf.unavailable", "PDF printing is not available on this server yet. Please ask the administrator to install Chromium."),
    );
  }
  const launching = chromium.launch({ executablePath, args: ARGS });
  launching
    .then((b) =>
      b.on("disconnected", () => {
        if (browser === launching) browser = undefined;
      }),
    )
    .catch(() => {
      if (browser === launching) browser = undefined;
    });
  return launching;
}

export interface PdfOptions {
  landscape?: boolean;
  format?: "A4" | "A3" | "Letter";
}

/** Renders HTML pages to PDF with the process's shared headless Chromium. */
export class PdfRenderer {
  private closed = false;

  constructor() {
    users++;
  }

  async render(html: string, options: PdfOptions = {}): Promise<Buffer> {
    if (this.closed) throw new Error("PDF renderer closed");
    browser ??= launch();
    const context = await (await browser).newContext({ offline: true });
    try {
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      return await page.pdf({
        format: options.format ?? "A4",
        landscape: options.landscape ?? false,
        printBackground: true,
        margin: { top: "12mm", bottom: "12mm", left: "10mm", right: "10mm" },
      });
    } finally {
      await context.close();
    }
  }

  /** Lets go of the browser; the last renderer to close shuts it down. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    users--;
    if (users === 0 && browser) {
      const b = browser;
      browser = undefined;
      await (await b.catch(() => undefined))?.close();
    }
  }
}
