import type { createBrowserRouter } from "react-router";

/** The data router, once made (components patch lazily loaded routes through it). */
export const router: { current: ReturnType<typeof createBrowserRouter> | null } = { current: null };
