import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";

/** A rate (0 to 1) as a percentage with at most one decimal; a dash when there is none. */
export const percentText = (fraction: number | null) => (fraction === null ? "—" : `${formatNumber(fraction * 100, { maximumFractionDigits: 1 })}%`);

/**
 * A rate (0 to 1) as a ring (SVG): it starts at the top and runs the reading direction's way. A
 * screen reader hears `label` (the fee dashboard's collection rate, an exam set's pass rate).
 */
export function RateRing({ rate, label }: { rate: number | null; label: string }) {
  const { i18n } = useTranslation();
  const r = 42;
  const length = 2 * Math.PI * r;
  const shown = Math.max(0, Math.min(1, rate ?? 0));
  return (
    <svg viewBox="0 0 100 100" width={120} height={120} role="img" aria-label={label}>
      <circle cx={50} cy={50} r={r} fill="none" stroke="var(--mantine-color-gray-2)" strokeWidth={10} />
      <circle
        cx={50}
        cy={50}
        r={r}
        fill="none"
        stroke="var(--mantine-color-teal-6)"
        strokeWidth={10}
        strokeDasharray={`${shown * length} ${length}`}
        strokeLinecap="round"
        transform={i18n.dir() === "rtl" ? "translate(100 0) scale(-1 1) rotate(-90 50 50)" : "rotate(-90 50 50)"}
      />
      <text x={50} y={55} textAnchor="middle" fontSize={16} fontWeight={700} fill="currentColor">
        {percentText(rate)}
      </text>
    </svg>
  );
}
