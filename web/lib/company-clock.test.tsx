// A screen writes an instant on its company's clock: the same instant reads as different days in Tokyo and Hawaii.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyClockProvider, companyClock, useCompanyClock } from './company-clock.tsx';

const NEAR_MIDNIGHT_UTC = '2026-11-24T23:30:00Z';

function Stamp({ at }: { at: string }) {
  const clock = useCompanyClock();
  return (
    <p>
      {clock.dateTime(at)} ({clock.timeZone})
    </p>
  );
}

describe('useCompanyClock', () => {
  it('shows an instant near midnight UTC on the Tokyo company’s date and on the Hawaii company’s date', () => {
    render(
      <>
        <CompanyClockProvider timeZone="Asia/Tokyo" locale="en-GB">
          <Stamp at={NEAR_MIDNIGHT_UTC} />
        </CompanyClockProvider>
        <CompanyClockProvider timeZone="Pacific/Honolulu" locale="en-GB">
          <Stamp at={NEAR_MIDNIGHT_UTC} />
        </CompanyClockProvider>
      </>,
    );
    expect(screen.getByText('25 Nov 2026, 08:30 (Asia/Tokyo)')).toBeInTheDocument();
    expect(screen.getByText('24 Nov 2026, 13:30 (Pacific/Honolulu)')).toBeInTheDocument();
  });

  it('writes on UTC outside a company rather than on the browser’s zone', () => {
    render(<Stamp at={NEAR_MIDNIGHT_UTC} />);
    expect(screen.getByText(/\(UTC\)$/)).toBeInTheDocument();
  });

  it('takes an unknown zone as UTC instead of failing the screen', () => {
    expect(companyClock('Nowhere/Atlantis', 'en-GB').date(NEAR_MIDNIGHT_UTC)).toBe('24 Nov 2026');
  });

  it('writes a due date (a calendar date) as it is, whatever the zone', () => {
    expect(companyClock('Pacific/Honolulu', 'en-GB').calendarDate('2026-12-01')).toBe('1 Dec 2026');
    expect(companyClock('Asia/Tokyo', 'en-GB').calendarDate('2026-12-01')).toBe('1 Dec 2026');
  });

  it('writes a monthly bucket (YYYY-MM) as the month it is, whatever the zone', () => {
    expect(companyClock('Pacific/Honolulu', 'en-GB').calendarMonth('2026-12')).toBe('Dec 2026');
    expect(companyClock('Asia/Tokyo', 'en-GB').calendarMonth('2026-12')).toBe('Dec 2026');
  });
});
