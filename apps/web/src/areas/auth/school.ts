import { sessionCalls } from "@taleem/contract";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/api";
import { callAction } from "../../lib/call-action";
import { KEYS, storage } from "../../lib/storage";

/** The school (tenant) a person signs in to, found by its business code. */
export interface School {
  code: string;
  name?: string;
  logo?: string;
}

const unknownSchool = () => new ApiError(400, "No school or centre was found with this code.", "tenant.unknown", { field: "code" });

/** Name and logo from the school's open settings (GET /admin/open/setting/:code). */
export async function schoolInfo(code: string): Promise<School> {
  const reply = await callAction(sessionCalls.publicSettings, { params: { code } });
  return { code: reply.code, name: reply.name, logo: reply.logo ?? undefined };
}

/** Checks a typed code (POST /user/open/auth/checkentity), then reads the school's name and logo. */
export async function findSchool(typed: string): Promise<School> {
  const code = typed.trim();
  const reply = await callAction(sessionCalls.checkSchool, { body: { code } });
  if (!reply.exists) throw unknownSchool();
  const found: School = { code, name: reply.name ?? undefined, logo: reply.logo ?? undefined };
  try {
    // The settings spell the code as the school does (DEMO, not demo).
    const info = await schoolInfo(code);
    return { code: info.code, name: info.name ?? found.name, logo: info.logo ?? found.logo };
  } catch {
    // The school exists (checkentity said so); the rest is a nicety.
    return found;
  }
}

/** The remembered school (localStorage), a `?code=` in the link winning over it. */
export function useSchool() {
  const [school, setSchool] = useState<School | null>(() => {
    const fromLink = new URLSearchParams(window.location.search).get("code")?.trim();
    const code = fromLink || storage.get(KEYS.schoolCode);
    return code ? { code } : null;
  });

  useEffect(() => {
    if (!school || school.name) return;
    let live = true;
    schoolInfo(school.code)
      .then((info) => {
        if (!live) return;
        storage.set(KEYS.schoolCode, info.code);
        setSchool({ ...info, name: info.name ?? info.code });
      })
      .catch((e) => {
        if (!live) return;
        if (e instanceof ApiError && (e.code.startsWith("tenant.") || e.code === "not_found")) {
          storage.remove(KEYS.schoolCode);
          setSchool(null);
        } else setSchool((s) => (s ? { ...s, name: s.name ?? s.code } : s));
      });
    return () => {
      live = false;
    };
  }, [school]);

  const choose = useCallback((s: School) => {
    storage.set(KEYS.schoolCode, s.code);
    setSchool(s);
  }, []);
  const forget = useCallback(() => {
    storage.remove(KEYS.schoolCode);
    setSchool(null);
  }, []);
  return { school, choose, forget };
}
