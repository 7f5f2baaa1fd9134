// What a page shows when it fails to render: what happened and what to do, instead of a blank screen.
import { Button, Container, Group, Text } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorAlert } from '../components/error-alert.tsx';

export function RouteError() {
  const error = useRouteError();
  // A lazily loaded page whose file changed under it (a deploy happened): a reload fetches the new one.
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Container size="sm" py="xl">
      <ErrorAlert title="This page could not be shown">
        <Text size="sm" mb="sm">
          Something went wrong while showing this page. Reload to try again; if it keeps happening, tell your
          administrator what you were doing{detail ? ` and this message: ${detail}` : ''}.
        </Text>
        <Group gap="sm">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component={Link} to="/help" variant="default">
            Go to Help
          </Button>
        </Group>
      </ErrorAlert>
    </Container>
  );
}
