// The actions of a scan's card (an item, a lot, a location, a work order, a machine), laid out for a phone: as many
// columns as fit `minWidth` each (two on a phone for short labels, one for long ones), and a label too long for its
// button wraps onto a second line instead of being cut ("Report a b", "Start due " on a 390 px phone, issue 29).
// Wrapping is set here on the card's buttons rather than on each, so a card that adds a button gets it too.
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card's action buttons in a grid whose columns are at least `minWidth` wide, or one column on a narrow screen. */
export function ScanActions({ children, minWidth = '8rem' }: { children: ReactNode; minWidth?: string }) {
  return (
    <Box
      data-scan-actions=""
      style={{
        display: 'grid',
        // min(100%, …): a column never asks for more than the card has, so nothing scrolls sideways at 320 px.
        gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${minWidth}), 1fr))`,
        gap: 'var(--mantine-spacing-xs)',
      }}
    >
      {children}
    </Box>
  );
}
