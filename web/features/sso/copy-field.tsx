// A value an admin copies to somewhere else (the redirect URL to the identity provider, a TXT record to the DNS):
// read-only, selected whole on focus, with a Copy button that says when it has copied.
import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export function CopyField({
  label,
  value,
  description,
}: {
  label: string;
  value: string;
  description?: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <CopyButton value={value} timeout={2_000}>
        {({ copied, copy }) => (
          <Button
            onClick={copy}
            variant="light"
            aria-label={`Copy ${label}`}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
