// A status reads the same everywhere: its words come from common/statuses.ts, whatever page draws it.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUSES, statusStyle } from '#common/statuses.ts';
import { StatusBadge } from './status-badge.tsx';

describe('StatusBadge', () => {
  it('shows the words of each status of a kind', () => {
    render(
      <MantineProvider>
        <StatusBadge of="borrowing" status="out" />
        <StatusBadge of="borrowing" status="overdue" />
        <StatusBadge of="count" status="posted" />
      </MantineProvider>,
    );
    expect(screen.getByText('Out')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('Posted')).toBeInTheDocument();
  });

  it('marks a danger status with an icon and a filled badge, the others with a dot', () => {
    render(
      <MantineProvider>
        <StatusBadge of="borrowing" status="overdue" />
        <StatusBadge of="user" status="invited" />
      </MantineProvider>,
    );
    const overdue = screen.getByText('Overdue').closest('.mantine-Badge-root');
    const invited = screen.getByText('Invited').closest('.mantine-Badge-root');
    expect(overdue).toHaveAttribute('data-variant', 'filled');
    expect(overdue?.querySelector('svg')).not.toBeNull();
    expect(invited).toHaveAttribute('data-variant', 'dot');
  });
});

describe('statusStyle', () => {
  it('gives every status a label and a tone', () => {
    for (const [kind, styles] of Object.entries(STATUSES)) {
      for (const [status, style] of Object.entries(styles)) {
        expect(style.label, `${kind}.${status}`).not.toBe('');
        expect(['neutral', 'info', 'success', 'warning', 'danger']).toContain(style.tone);
      }
    }
  });

  it('shows a status it does not know as itself, neutral', () => {
    expect(statusStyle('count', 'archived')).toEqual({ label: 'archived', tone: 'neutral' });
    expect(statusStyle('count', 'toString')).toEqual({ label: 'toString', tone: 'neutral' });
  });
});
