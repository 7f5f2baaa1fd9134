// What a panel shows while its query has nothing to show yet: a spinner while the first answer comes, LoadError
// with "Try again" when it failed, nothing once there is data.
import { Loader } from '@mantine/core';
import { LoadError } from './load-error.tsx';

/** The part of a TanStack Query result this reads. */
interface TQueryState {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  data: unknown;
  refetch: () => unknown;
}

export function QueryStatus({
  query,
  errorTitle,
  loadingLabel,
}: {
  query: TQueryState;
  /** e.g. "Items could not be loaded". */
  errorTitle: string;
  /** The spinner's accessible name, e.g. "Loading items". */
  loadingLabel: string;
}) {
  if (query.isError)
    return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined && query.isPending) return <Loader aria-label={loadingLabel} />;
  return null;
}
