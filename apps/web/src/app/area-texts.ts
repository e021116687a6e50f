/**
 * The text namespaces an area's frame and first page need before they can draw. The area asks for
 * them together (one render once all are in), and the build writes this list into index.html so
 * boot.js fetches them with the page, beside the area's code (build-plugins.ts).
 */
export const AREA_TEXTS = {
  // The tabs, the bell, the account menu, role names, the home's cards and the standard names on them.
  parent: ["parent", "chat", "communication", "account", "admin", "roles", "standard"],
} as const satisfies Record<string, readonly string[]>;
