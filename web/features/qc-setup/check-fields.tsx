// One check of a draft in the editor: its kind, name and instructions, whether it is critical and asks for a photo
// on failure, and the fields of its kind — limits and unit for a measurement, the choices and the accepted ones for
// a choice, the reference picture or video for a visual check.
import {
  Button,
  Checkbox,
  FileButton,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TFileType } from '#common/schemas/files.ts';
import { CHECK_KIND_LABELS, CHECK_KINDS } from '#common/schemas/inspection-plans.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { StepMediaItem } from '../../components/step-media.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ACCEPTED_FILES, uploadFile } from '../../lib/file-upload.ts';
import type { TCheckValues } from './version-values.ts';

interface TCheckFieldsProps {
  n: number;
  check: TCheckValues;
  /** The form's props of one of this check's fields. */
  field: (name: keyof TCheckValues, type?: 'checkbox') => GetInputPropsReturnType;
  set: <K extends keyof TCheckValues>(name: K, value: TCheckValues[K]) => void;
  error: (name: keyof TCheckValues) => string | undefined;
}

export function CheckFields({ n, check, field, set, error }: TCheckFieldsProps) {
  return (
    <Stack gap="xs" style={{ flex: '1 1 100%', minWidth: 0 }}>
      <Group align="flex-start" wrap="wrap" gap="sm">
        <Select
          label={`Check ${n} kind`}
          w={170}
          allowDeselect={false}
          data={CHECK_KINDS.map((k) => ({ value: k, label: CHECK_KIND_LABELS[k] }))}
          {...field('kind')}
        />
        <TextInput label={`Check ${n} name`} required style={{ flex: '1 1 220px' }} {...field('name')} />
      </Group>
      <Textarea label="Instructions" autosize minRows={1} {...field('instructions')} />
      {check.kind === 'measurement' ? (
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <TextInput label="Lower limit" inputMode="decimal" {...field('lowerLimit')} />
          <TextInput label="Nominal" inputMode="decimal" {...field('nominal')} />
          <TextInput label="Upper limit" inputMode="decimal" {...field('upperLimit')} />
          <TextInput label="Unit" placeholder="mm" {...field('unit')} />
          <NumberInput
            label="Readings per unit"
            min={1}
            max={10}
            allowDecimal={false}
            {...field('readingsPerUnit')}
          />
        </SimpleGrid>
      ) : null}
      {check.kind === 'choice' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TagsInput
            label="Choices"
            description="Type one and press Enter"
            value={check.choices}
            onChange={(choices) => {
              set('choices', choices);
              set(
                'acceptedChoices',
                check.acceptedChoices.filter((a) => choices.includes(a)),
              );
            }}
            error={error('choices')}
          />
          <MultiSelect
            label="Accepted"
            description="The choices that pass"
            data={check.choices}
            value={check.acceptedChoices}
            onChange={(accepted) => set('acceptedChoices', accepted)}
            error={error('acceptedChoices')}
          />
        </SimpleGrid>
      ) : null}
      {check.kind === 'visual' ? (
        <ReferencePicker n={n} check={check} set={set} error={error('reference')} />
      ) : null}
      <Group gap="lg">
        <Checkbox
          label="Critical"
          description="One failure rejects the lot"
          {...field('critical', 'checkbox')}
        />
        <Checkbox
          label="Photo on failure"
          description="A failure needs a photo"
          {...field('photoOnFail', 'checkbox')}
        />
      </Group>
    </Stack>
  );
}

/** The reference picture or video of a visual check: stored at once on upload, kept by Save. */
function ReferencePicker({
  n,
  check,
  set,
  error,
}: {
  n: number;
  check: TCheckValues;
  set: TCheckFieldsProps['set'];
  error: string | undefined;
}) {
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  async function send(file: File | null) {
    if (!file) return;
    setRefusal(null);
    setSending(true);
    try {
      const stored = await uploadFile(file, () => undefined);
      set('reference', {
        id: stored.id,
        name: stored.name,
        contentType: stored.contentType,
        url: stored.url,
      });
    } catch (failure) {
      setRefusal(
        `${file.name}: ${failure instanceof ApiError ? failure.message : 'The upload failed. Try again.'}`,
      );
    } finally {
      setSending(false);
    }
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Reference picture or video
      </Text>
      {check.reference ? (
        <div style={{ maxWidth: 240 }}>
          <StepMediaItem
            file={{ ...check.reference, contentType: check.reference.contentType as TFileType, caption: '' }}
          />
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          What a good one looks like: the inspector compares against it.
        </Text>
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {refusal ? <ErrorAlert>{refusal}</ErrorAlert> : null}
      <Group>
        <FileButton onChange={send} accept={ACCEPTED_FILES}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="compact-sm"
              loading={sending}
              leftSection={<IconPhotoPlus size={16} />}
              aria-label={`${check.reference ? 'Replace' : 'Add'} the reference of check ${n}`}
            >
              {check.reference ? 'Replace' : 'Add picture or video'}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
