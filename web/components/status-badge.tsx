// A status in words with a tone (common/statuses.ts). Every tone keeps its text at the theme's text colour or white
// on a dark fill, so axe's colour-contrast rule holds in every list and card; "danger" is filled and carries an icon so
// that it stands out without colour too.
import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { statusStyle, type TStatusKind, type TStatusOf, type TStatusTone } from '#common/statuses.ts';

const TONE_COLORS: Record<TStatusTone, string> = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'orange',
  // Mantine's red.6 under white text is 3.3:1; red.9 is 5.5:1.
  danger: 'red.9',
};

export function StatusBadge<K extends TStatusKind>({
  of,
  status,
  size,
}: {
  of: K;
  status: TStatusOf<K>;
  size?: BadgeProps['size'];
}) {
  const style = statusStyle(of, status);
  const danger = style.tone === 'danger';
  return (
    <Badge
      size={size}
      // A dot in the tone's colour beside text in the theme's text colour: readable on any background.
      variant={danger ? 'filled' : 'dot'}
      color={TONE_COLORS[style.tone]}
      leftSection={danger ? <IconAlertTriangle size={12} aria-hidden /> : undefined}
      style={{ flexShrink: 0 }}
    >
      {style.label}
    </Badge>
  );
}
