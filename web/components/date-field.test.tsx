// The date fields: labelled, opened and used from the keyboard, values as 'YYYY-MM-DD' text written as the
// company's clock writes dates, bounds from the company's today, and a period handed on only when it is whole.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CompanyClockProvider } from '../lib/company-clock.tsx';
import { DateField } from './date-field.tsx';
import { DateRangeField, type TDateRange } from './date-range-field.tsx';

function Due({ onChange, min }: { onChange: (value: string) => void; min?: string }) {
  const [value, setValue] = useState('2026-12-01');
  return (
    <DateField
      label="Due back on"
      value={value}
      min={min}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function Period({ onChange }: { onChange: (value: TDateRange) => void }) {
  const [value, setValue] = useState<TDateRange>({ from: '2026-11-01', to: '2026-11-20' });
  return (
    <DateRangeField
      label="Period"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function show(ui: React.ReactNode, timeZone = 'Pacific/Honolulu') {
  // env="test": no transitions, so the calendar is there as soon as it opens.
  render(
    <MantineProvider env="test">
      <CompanyClockProvider timeZone={timeZone} locale="en-GB">
        {ui}
      </CompanyClockProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

describe('DateField', () => {
  it('is named by its label and shows its date as the company’s clock writes dates', () => {
    show(<Due onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Due back on' })).toHaveTextContent('1 Dec 2026');
  });

  it('opens from the keyboard on the chosen day, moves by week with the arrows and picks with Enter', async () => {
    const onChange = vi.fn();
    const user = show(<Due onChange={onChange} />);
    screen.getByRole('button', { name: 'Due back on' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 December 2026' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-15');
    expect(screen.getByRole('button', { name: 'Due back on' })).toHaveTextContent('15 Dec 2026');
  });

  it('names its calendar by its label and shows only the month’s own days', async () => {
    const user = show(<Due onChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Due back on' }));
    const calendar = await screen.findByRole('dialog', { name: 'Due back on' });
    expect(within(calendar).queryByRole('button', { name: '30 November 2026' })).toBeNull();
    expect(within(calendar).getByRole('button', { name: '31 December 2026' })).toBeInTheDocument();
  });

  it('names the calendar’s month buttons and moves between months with them', async () => {
    const user = show(<Due onChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Due back on' }));
    const calendar = await screen.findByRole('dialog');
    await user.click(within(calendar).getByRole('button', { name: 'Next month' }));
    expect(within(calendar).getByRole('button', { name: '15 January 2027' })).toBeInTheDocument();
  });

  it('offers no day before its first day (the company’s today for a due date)', async () => {
    const user = show(<Due onChange={vi.fn()} min="2026-12-10" />);
    await user.click(screen.getByRole('button', { name: 'Due back on' }));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByRole('button', { name: '9 December 2026' })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: '10 December 2026' })).toBeEnabled();
  });

  it('takes “today” from the company’s clock, not the browser’s', async () => {
    // 23:30 UTC on 24 November: already the 25th in Tokyo, still the 24th in UTC and in Hawaii.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T23:30:00Z'));
    try {
      const user = show(
        <DateField label="Due back on" value="" min="today" onChange={vi.fn()} />,
        'Asia/Tokyo',
      );
      await user.click(screen.getByRole('button', { name: 'Due back on' }));
      const calendar = await screen.findByRole('dialog');
      expect(within(calendar).getByRole('button', { name: '24 November 2026' })).toBeDisabled();
      expect(within(calendar).getByRole('button', { name: '25 November 2026' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DateRangeField', () => {
  it('shows its period and hands on a new one only once both days are picked', async () => {
    const onChange = vi.fn();
    const user = show(<Period onChange={onChange} />);
    const field = screen.getByRole('button', { name: 'Period' });
    expect(field).toHaveTextContent('1 Nov 2026 – 20 Nov 2026');
    await user.click(field);
    const calendar = await screen.findByRole('dialog');
    await user.click(within(calendar).getByRole('button', { name: '3 November 2026' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(within(calendar).getByRole('button', { name: '12 November 2026' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-03', to: '2026-11-12' });
    expect(field).toHaveTextContent('3 Nov 2026 – 12 Nov 2026');
  });

  it('keeps the period there was when the calendar is closed half-way', async () => {
    const onChange = vi.fn();
    const user = show(<Period onChange={onChange} />);
    const field = screen.getByRole('button', { name: 'Period' });
    await user.click(field);
    const calendar = await screen.findByRole('dialog');
    await user.click(within(calendar).getByRole('button', { name: '3 November 2026' }));
    await user.keyboard('{Escape}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveTextContent('1 Nov 2026 – 20 Nov 2026');
  });

  it('puts a period picked backwards the right way round', async () => {
    const onChange = vi.fn();
    const user = show(<Period onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Period' }));
    const calendar = await screen.findByRole('dialog');
    await user.click(within(calendar).getByRole('button', { name: '12 November 2026' }));
    await user.click(within(calendar).getByRole('button', { name: '3 November 2026' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-03', to: '2026-11-12' });
  });
});
