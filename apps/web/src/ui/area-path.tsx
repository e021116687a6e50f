import { createContext, type ReactNode, use, useCallback } from "react";

/** The area a screen is shown in: /admin, or /rtl (the same screens right to left), or /parent. */
const AreaBase = createContext("/admin");

export function AreaBaseProvider({ base, children }: { base: string; children: ReactNode }) {
  return <AreaBase value={base}>{children}</AreaBase>;
}

export const useAreaBase = () => use(AreaBase);

/** Links inside an area stay in it: `to("users")` is /admin/users, or /rtl/users in the right-to-left area. */
export function useAreaPath() {
  const base = use(AreaBase);
  return useCallback((sub: string) => `${base}/${sub.replace(/^\//, "")}`, [base]);
}
