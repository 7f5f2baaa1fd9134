// /maintenance/email-settings (admin): who receives maintenance e-mail, how early and how often, and a test message.
import { Container, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/load-error.tsx';
import { emailSettingsKey, getEmailSettings } from './api.ts';
import { EmailSettingsForm } from './email-settings-form.tsx';

export default function EmailSettingsPage() {
  const settings = useQuery({
    queryKey: emailSettingsKey,
    queryFn: ({ signal }) => getEmailSettings(signal),
  });
  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="xs">
        Email Settings
      </Title>
      <Text c="dimmed" mb="md">
        Who is told when maintenance falls due, runs late or a machine breaks down. Each reminder is sent
        once.
      </Text>
      {settings.isError ? (
        <LoadError
          title="The e-mail settings could not be loaded"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <EmailSettingsForm saved={settings.data} />
      ) : (
        <Loader aria-label="Loading the e-mail settings" />
      )}
    </Container>
  );
}
