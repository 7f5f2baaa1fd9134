// /admin?tab=label-definitions: the company's label formats (a default from its label configuration when it has
// none), added, edited with a live preview, and deleted after a confirmation.
import { Button, Card, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LABEL_FIELD_LABELS, SYMBOLOGY_LABELS, type TLabelFormat } from '#common/schemas/labels.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { deleteFormat, listFormats } from './api.ts';
import { FormatDialog } from './format-dialog.tsx';

export function LabelFormatsPanel() {
  const queryClient = useQueryClient();
  const formats = useQuery({
    queryKey: queryKeys.labelFormats,
    queryFn: ({ signal }) => listFormats(signal),
  });
  const [editing, setEditing] = useState<TLabelFormat | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TLabelFormat | null>(null);
  const remove = useMutation({
    mutationFn: (format: TLabelFormat) => deleteFormat(format.id),
    onSuccess: (_r, format) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.labelFormats });
      toast('success', { title: 'Label format deleted', message: format.name });
      setDeleting(null);
    },
    onError: (error) =>
      toast('error', {
        title: 'The label format was not deleted',
        message: error instanceof ApiError ? error.message : 'Try again in a moment.',
      }),
  });

  if (formats.isError)
    return (
      <LoadError
        title="Label formats could not be loaded"
        error={formats.error}
        onRetry={() => void formats.refetch()}
      />
    );
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" maw={560}>
          Sizes, codes and fields of the labels your company prints from Tag Items.
        </Text>
        <Button onClick={() => setEditing('new')}>Add format</Button>
      </Group>
      {formats.isPending ? (
        <Skeleton height={80} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {formats.data.items.map((format) => (
            <Card key={format.id} withBorder component="li" padding="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600}>{format.name}</Text>
                  <Text size="sm" c="dimmed">
                    {format.width} x {format.height} {format.unit} · {SYMBOLOGY_LABELS[format.symbology]} ·{' '}
                    {format.textSize} pt ·{' '}
                    {format.fields.map((f) => LABEL_FIELD_LABELS[f]).join(', ') || 'code only'}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(format)}
                    aria-label={`Edit ${format.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setDeleting(format)}
                    aria-label={`Delete ${format.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <FormatDialog target={editing} onClose={() => setEditing(null)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this label format?">
        <Stack>
          <Text>
            {deleting?.name} will no longer be offered in Tag Items. Labels already printed keep working:
            their codes do not depend on the format.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
