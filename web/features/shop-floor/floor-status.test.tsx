import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FloorStatus } from './floor-status.tsx';
import { floorToast, hideFloorToast } from './floor-toast.ts';

function showPlaces() {
  return render(
    <MantineProvider>
      <section aria-label="Components">
        <FloorStatus place="components" />
      </section>
      <section aria-label="Output">
        <FloorStatus place="output" />
      </section>
    </MantineProvider>,
  );
}

const statusOf = (section: string) =>
  screen.getByRole('region', { name: section }).querySelector('[role="status"]') as HTMLElement;

describe('the floor’s messages', () => {
  afterEach(() => act(() => hideFloorToast()));

  it('shows a message in the section it belongs to, and nowhere else', () => {
    showPlaces();
    act(() => floorToast('success', { title: 'Consumed', message: '4 of RM-10 from B1' }, 'components'));
    expect(statusOf('Components').textContent).toContain('Consumed4 of RM-10 from B1');
    expect(statusOf('Output').textContent).toBe('');
  });

  it('replaces the last message with the next, wherever it goes', () => {
    showPlaces();
    act(() => floorToast('success', { title: 'Consumed', message: '4 of RM-10' }, 'components'));
    act(() => floorToast('success', { title: 'Output recorded', message: 'Recorded' }, 'output'));
    expect(statusOf('Components').textContent).toBe('');
    expect(statusOf('Output').textContent).toContain('Output recorded');
  });

  it('goes when dismissed', async () => {
    showPlaces();
    act(() => floorToast('success', { title: 'Output recorded', message: 'Recorded' }, 'output'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(statusOf('Output').textContent).toBe('');
  });
});
