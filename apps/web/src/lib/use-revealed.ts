import { startTransition, useEffect, useState } from "react";
import { whenIdle } from "./idle";

/**
 * How many parts of a long page to draw: the first at once, then one more each time the phone is
 * idle (within half a second), so a long form arrives as a few short steps rather than one long
 * pause a tap would wait behind.
 */
export function useRevealed(total: number): number {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (count >= total) return;
    return whenIdle(() => startTransition(() => setCount((n) => n + 1)), 500);
  }, [count, total]);
  return Math.min(count, total);
}
