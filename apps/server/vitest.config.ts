import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Migrates once per run; each test file starts from a copy (see test/global-setup.ts).
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/file-setup.ts"],
    pool: "forks",
    fileParallelism: true,
    // A worker runs file after file in one process: the app's modules and PGlite's compiled wasm
    // are loaded once, not per file (about 40% less CPU). Safe because nothing keeps per-file
    // state in a module: registries are refilled by every buildApp, no test mocks modules, fakes
    // timers or changes process.env, and test/file-setup.ts closes a file's apps when it ends.
    isolate: false,
    // Vitest leaves one core free by default, which on a 2-core machine is one file at a time.
    maxWorkers: Math.max(availableParallelism(), 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
