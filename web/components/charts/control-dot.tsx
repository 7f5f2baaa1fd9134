// A control chart's point: a small dot within the limits; beyond them a larger diamond in red, so the signal shows
// by its shape too, for readers who do not tell red from blue. data-beyond lets the browser tests find them.
import type { DotItemDotProps } from 'recharts';

const WITHIN = 'var(--mantine-color-blue-7)';
const BEYOND = 'var(--mantine-color-red-8)';

export function ControlDot({ cx, cy, index, payload }: DotItemDotProps) {
  if (cx == null || cy == null || payload?.value == null) return null;
  const beyond: 'above' | 'below' | null = payload.beyond ?? null;
  if (!beyond) return <circle key={index} cx={cx} cy={cy} r={3} fill={WITHIN} stroke={WITHIN} />;
  const size = 7;
  return (
    <path
      key={index}
      d={`M ${cx} ${cy - size} L ${cx + size} ${cy} L ${cx} ${cy + size} L ${cx - size} ${cy} Z`}
      fill={BEYOND}
      stroke="var(--mantine-color-body)"
      strokeWidth={1}
      data-beyond={beyond}
    />
  );
}
