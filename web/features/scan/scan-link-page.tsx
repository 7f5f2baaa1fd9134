// /s/:code — where a QR label's link lands (a phone's own camera app opens it). Behind the same guard as /scan, so a
// signed-out visitor signs in first and comes back here; then the code is resolved in the user's company and the
// app goes to the thing: the item page, the lot page, the work order on the floor (decision 053), or the scan page
// with the location's or the machine's card (decision 060: its actions are a breakdown or the maintenance due). Another company's code reads "Not recognised", like any unknown code.
import { Button, Container, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { track } from '../../lib/analytics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { resolveCode, scanKey } from '../../lib/code-lookup.ts';
import { workOrderFloorPath } from '../../lib/work-order-links.ts';

export default function ScanLinkPage() {
  const code = useParams().code ?? '';
  const found = useQuery({
    queryKey: scanKey(code),
    queryFn: ({ signal }) => resolveCode(code, signal),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
  const settled = found.isSuccess ? true : found.isError ? false : null;
  useEffect(() => {
    // The path is not recorded: it carries the code.
    if (settled !== null) track('scan_item', { success: settled, type: 'link' }, '/s');
  }, [settled]);

  if (found.data) {
    const result = found.data;
    const to =
      result.kind === 'item'
        ? `/items?id=${result.item.id}`
        : result.kind === 'lot'
          ? `/items?lot=${result.lot.id}`
          : result.kind === 'work-order'
            ? workOrderFloorPath(result.workOrder.id)
            : `/scan?code=${encodeURIComponent(code)}`;
    return <Navigate to={to} replace />;
  }
  if (found.isError)
    return (
      <Container size="sm" py="lg">
        <Stack>
          <ErrorAlert title="Not recognised">
            <Text size="sm">
              {found.error instanceof ApiError && found.error.status === 404
                ? found.error.message
                : 'This code could not be looked up. Check your connection and try again.'}
            </Text>
            <Text size="sm" mt="xs">
              The label may belong to another company, or the thing was never labelled here. Scan it again
              from the Scan page, or type its part number there.
            </Text>
          </ErrorAlert>
          <Button component={Link} to="/scan" size="lg">
            Open Scan
          </Button>
        </Stack>
      </Container>
    );
  return <Loader aria-label="Opening the scanned code" m="lg" />;
}
