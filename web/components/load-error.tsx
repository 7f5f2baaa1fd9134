// What a panel shows when its data could not be loaded: the server's reason and a way to try again.
import { Button } from '@mantine/core';
import { ApiError } from '../lib/api-client.ts';
import { ErrorAlert } from './error-alert.tsx';

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <ErrorAlert title={title}>
      {error instanceof ApiError ? error.message : 'Something went wrong.'}{' '}
      <Button size="xs" variant="white" onClick={onRetry}>
        Try again
      </Button>
    </ErrorAlert>
  );
}
