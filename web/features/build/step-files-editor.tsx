// A draft step's pictures and videos: upload (with a progress bar, and the server's words when a file is refused),
// caption, reorder and remove. The upload stores the file at once; attaching it is part of the draft, kept by Save.
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TStepFile } from '#common/schemas/build.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { StepMediaItem } from '../../components/step-media.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ACCEPTED_FILES, uploadFile } from '../../lib/file-upload.ts';

/** A step's file as the form holds it: what the revision shows, caption editable. */
export type TStepFileValues = Omit<TStepFile, 'caption'> & { caption: string };

interface TStepFilesEditorProps {
  step: number;
  files: TStepFileValues[];
  onAdd: (file: TStepFileValues) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** The caption field's props from the form (value, onChange, error). */
  captionProps: (index: number) => GetInputPropsReturnType;
}

export function StepFilesEditor({
  step,
  files,
  onAdd,
  onRemove,
  onMove,
  captionProps,
}: TStepFilesEditorProps) {
  const [sending, setSending] = useState<{ name: string; progress: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function send(file: File | null) {
    if (!file) return;
    setRefusal(null);
    setSending({ name: file.name, progress: 0 });
    try {
      const stored = await uploadFile(file, (progress) => setSending({ name: file.name, progress }));
      onAdd({ ...stored, caption: '' });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'The upload failed. Try again.';
      setRefusal(`${file.name}: ${message}`);
    } finally {
      setSending(null);
    }
  }

  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm" fw={500}>
        Pictures and videos
      </Text>
      {files.map((f, j) => (
        <Paper key={f.id} withBorder p="xs">
          <Group align="flex-start" wrap="wrap" gap="sm">
            <div style={{ flex: '0 1 160px', minWidth: 120 }}>
              <StepMediaItem file={{ ...f, caption: '' }} />
            </div>
            <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
              <Text size="sm" truncate="end">
                {f.name}
              </Text>
              <TextInput label="Caption" {...captionProps(j)} />
            </Stack>
            <Group gap={4}>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${f.name} up`}
                disabled={j === 0}
                onClick={() => onMove(j, j - 1)}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${f.name} down`}
                disabled={j === files.length - 1}
                onClick={() => onMove(j, j + 1)}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${f.name} from step ${step}`}
                onClick={() => onRemove(j)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      {sending ? (
        <Stack gap={4}>
          <Text size="sm">Uploading {sending.name}…</Text>
          <Progress
            value={Math.round(sending.progress * 100)}
            aria-label={`Uploading ${sending.name}`}
            animated
          />
        </Stack>
      ) : null}
      {refusal ? (
        <ErrorAlert withCloseButton onClose={() => setRefusal(null)} closeButtonLabel="Dismiss">
          {refusal}
        </ErrorAlert>
      ) : null}
      <Group>
        <FileButton onChange={send} accept={ACCEPTED_FILES}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="compact-sm"
              leftSection={<IconPhotoPlus size={16} />}
              disabled={sending !== null}
              aria-label={`Add picture or video to step ${step}`}
            >
              Add picture or video
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
