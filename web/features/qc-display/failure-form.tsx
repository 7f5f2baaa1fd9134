// What a failure needs before it is recorded (decision 072): a defect code (the company's active ones, the one list
// the Pareto counts), a note, and a photo taken on the phone — required when the check says so. The photo is uploaded
// first as a picture, then named by the result.
import { Button, FileButton, Group, Image, Progress, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import type { TFile } from '#common/schemas/files.ts';
import { DefectCodeSelect, type TDefectCodeOption } from '../../components/defect-code-select.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/file-upload.ts';

export interface TFailure {
  defectCodeId: string;
  note: string;
  photoFileId: string | null;
}

export function FailureForm({
  photoRequired,
  busy,
  serverErrors,
  onRecord,
  onCancel,
  recordLabel = 'Record failure',
}: {
  photoRequired: boolean;
  busy: boolean;
  /** The server's field errors of the last attempt (defectCodeId, photoFileId, note). */
  serverErrors: Record<string, string>;
  onRecord: (failure: TFailure) => void;
  onCancel: () => void;
  recordLabel?: string;
}) {
  const [code, setCode] = useState<TDefectCodeOption | null>(null);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<TFile | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const sendPhoto = async (file: File | null) => {
    if (!file) return;
    setErrors(({ photoFileId: _gone, ...rest }) => rest);
    setSending(0);
    try {
      setPhoto(await uploadFile(file, setSending, '/api/v1/inspections/photos'));
    } catch (error) {
      setErrors((e) => ({
        ...e,
        photoFileId: error instanceof ApiError ? error.message : 'The upload failed. Try again.',
      }));
    } finally {
      setSending(null);
    }
  };
  const record = () => {
    const missing: Record<string, string> = {};
    if (!code) missing.defectCodeId = 'Choose the defect code of this failure';
    if (photoRequired && !photo) missing.photoFileId = 'This check asks for a photo of a failure: take one';
    setErrors(missing);
    if (code && Object.keys(missing).length === 0)
      onRecord({ defectCodeId: code.value, note: note.trim(), photoFileId: photo?.id ?? null });
  };
  return (
    <Stack gap="sm" p="sm" bg="var(--mantine-color-red-light)" style={{ borderRadius: 8 }}>
      <DefectCodeSelect value={code} onChange={setCode} required autoFocus error={shown.defectCodeId} />
      <Textarea
        label="Note"
        description="What you see (optional)"
        autosize
        minRows={2}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={shown.note}
      />
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <FileButton onChange={sendPhoto} accept="image/*" capture="environment">
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconCamera size={16} />}
                disabled={sending !== null}
              >
                {photo ? 'Replace photo' : 'Take photo'}
              </Button>
            )}
          </FileButton>
          <Text
            size="sm"
            c={shown.photoFileId ? 'red.9' : 'dimmed'}
            role={shown.photoFileId ? 'alert' : undefined}
          >
            {shown.photoFileId ??
              (photoRequired ? 'A photo is required for this check' : 'Optional (10 MB at most)')}
          </Text>
        </Group>
        {sending !== null ? (
          <Progress value={Math.round(sending * 100)} aria-label="Uploading the photo" animated />
        ) : null}
        {photo ? (
          <Image src={photo.url} alt={`Photo: ${photo.name}`} mah={160} w="auto" fit="contain" />
        ) : null}
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button variant="default" onClick={onCancel} size="md">
          Cancel
        </Button>
        <Button color="red.9" onClick={record} loading={busy} size="md">
          {recordLabel}
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
