import { afterAll } from "vitest";
import { closeTestApps } from "./harness.js";

// Runs for every test file (a setup file): whatever apps the file built are closed when it ends,
// so a worker that runs several files (isolate: false) never carries one file's app into the next.
afterAll(closeTestApps);
