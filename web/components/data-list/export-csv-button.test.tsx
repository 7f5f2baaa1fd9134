// "Export CSV": busy while the download is made, and a failure said in a toast with the server's reason.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { ExportCsvButton } from './export-csv-button.tsx';

/** A download the test finishes when it chooses. */
function pendingDownload() {
  let finish: (failure?: Error) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    finish = (failure) => (failure ? reject(failure) : resolve());
  });
  return { start: vi.fn(() => promise), finish: (failure?: Error) => finish(failure) };
}

function show(onExport: () => Promise<unknown>) {
  render(
    <MantineProvider>
      <Notifications />
      <ExportCsvButton onExport={onExport} />
    </MantineProvider>,
  );
  return userEvent.setup();
}

describe('ExportCsvButton', () => {
  it('is busy while the file is made and can be pressed again once it is done', async () => {
    const download = pendingDownload();
    const user = show(download.start);
    const button = screen.getByRole('button', { name: 'Export CSV' });

    await user.click(button);
    expect(download.start).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(button).toBeDisabled();

    download.finish();
    await vi.waitFor(() => expect(button).not.toBeDisabled());
    expect(button).not.toHaveAttribute('data-loading');
    expect(screen.queryByText('Export failed')).toBeNull();
  });

  it('says “Export failed” with the server’s reason in a toast, and is ready again', async () => {
    const download = pendingDownload();
    const user = show(download.start);
    const button = screen.getByRole('button', { name: 'Export CSV' });

    await user.click(button);
    download.finish(new ApiError(429, 'RATE_LIMITED', 'Too many exports. Try again in a minute.'));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('Too many exports. Try again in a minute.')).toBeInTheDocument();
    expect(button).not.toBeDisabled();
  });

  it('says something went wrong when the failure is not the server’s', async () => {
    const user = show(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Something went wrong. Try again.')).toBeInTheDocument();
  });
});
