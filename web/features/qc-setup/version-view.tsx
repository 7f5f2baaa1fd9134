// A version read only (a released one, or any version for people who are not admins): how many units are inspected
// and each check in order with what passes — limits and unit, accepted choices, the reference picture or video.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFileType } from '#common/schemas/files.ts';
import {
  CHECK_KIND_LABELS,
  samplingText,
  type TCheck,
  type TVersion,
} from '#common/schemas/inspection-plans.ts';
import { Fact } from '../../components/fact.tsx';
import SafeMarkdown from '../../components/safe-markdown.tsx';
import { StepMediaItem } from '../../components/step-media.tsx';

/** What passes, in words: "9.95 to 10.05 mm (nominal 10), 3 readings", "Matt or Gloss". */
export function passText(c: TCheck): string {
  if (c.kind === 'measurement') {
    const unit = c.unit ? ` ${c.unit}` : '';
    const range =
      c.lowerLimit !== null && c.upperLimit !== null
        ? `${c.lowerLimit} to ${c.upperLimit}${unit}`
        : c.lowerLimit !== null
          ? `at least ${c.lowerLimit}${unit}`
          : `at most ${c.upperLimit}${unit}`;
    const nominal = c.nominal === null ? '' : ` (nominal ${c.nominal})`;
    const readings = c.readingsPerUnit > 1 ? `, ${c.readingsPerUnit} readings per unit` : '';
    return `${range}${nominal}${readings}`;
  }
  if (c.kind === 'choice') return `${c.acceptedChoices.join(' or ')} (of ${c.choices.join(', ')})`;
  if (c.kind === 'visual') return 'Looks like the reference';
  return 'Pass';
}

export function VersionView({ version }: { version: TVersion }) {
  return (
    <Stack>
      <Fact label="Sampling">{samplingText(version)}</Fact>
      <Title order={3} fz="lg">
        Checks
      </Title>
      {version.checks.length === 0 ? <Text c="dimmed">No checks in this version.</Text> : null}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {version.checks.map((c) => (
          <Paper key={c.id} component="li" withBorder p="sm" aria-label={`Check ${c.position}: ${c.name}`}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>
                {c.position}. {c.name}
              </Text>
              <Badge variant="light" color="gray">
                {CHECK_KIND_LABELS[c.kind]}
              </Badge>
              {c.critical ? (
                <Badge variant="filled" color="red.9">
                  Critical
                </Badge>
              ) : null}
              {c.photoOnFail ? <Badge variant="outline">Photo on failure</Badge> : null}
            </Group>
            <Text size="sm">Passes: {passText(c)}</Text>
            {c.instructions ? <SafeMarkdown>{c.instructions}</SafeMarkdown> : null}
            {c.reference ? (
              <div style={{ maxWidth: 280, marginTop: 8 }}>
                <StepMediaItem
                  file={{ ...c.reference, contentType: c.reference.contentType as TFileType, caption: '' }}
                />
              </div>
            ) : null}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
