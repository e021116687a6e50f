import { useCallback, useState } from "react";

/**
 * A set of chosen row ids for a checklist with "select all shown": ticking one, and ticking or
 * clearing every row the search shows (all of them when all are ticked, otherwise every one).
 */
export function useSelection() {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setChosen((old) => {
        const next = new Set(old);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    (shownIds: readonly number[]) =>
      setChosen((old) => {
        const next = new Set(old);
        const allOn = shownIds.length > 0 && shownIds.every((id) => old.has(id));
        for (const id of shownIds) {
          if (allOn) next.delete(id);
          else next.add(id);
        }
        return next;
      }),
    [],
  );
  const reset = useCallback((ids: Iterable<number> = []) => setChosen(new Set(ids)), []);
  return { chosen, toggle, toggleAll, reset };
}
