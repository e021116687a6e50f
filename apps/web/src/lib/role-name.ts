import { BUILTIN_ROLES } from "@taleem/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

const DEFAULT_NAMES = new Map<string, string>(Object.entries(BUILTIN_ROLES).map(([key, r]) => [r.name, key]));

/**
 * A role's name for the reader: a built-in role that still has its English default name
 * (Admin, Staff, Parent, Muawin) is shown in the reader's language; a name the school chose
 * is shown as the school wrote it.
 */
export function useRoleName() {
  const { t } = useTranslation("roles");
  return useCallback(
    (name: string) => {
      const key = DEFAULT_NAMES.get(name);
      return key ? t(`roles:builtin.${key}`) : name;
    },
    [t],
  );
}
