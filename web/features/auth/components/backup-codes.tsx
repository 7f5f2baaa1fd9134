// Backup codes as the two-factor dialog shows them (at enrolment and when they are replaced): the codes, and
// buttons to copy them or save them as a text file.
import { Button, Code, CopyButton, Group, SimpleGrid } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveBlob } from '../../../lib/download.ts';

/** The text the copy and download buttons give: one code a line, under a line saying what they are. */
function backupCodesText(codes: readonly string[]): string {
  return [
    'Forgeboard backup codes. Each one logs you in once instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Saves the codes as forgeboard-backup-codes.txt, made in the page (nothing is sent anywhere). */
function downloadBackupCodes(codes: readonly string[]) {
  saveBlob(new Blob([backupCodesText(codes)], { type: 'text/plain' }), 'forgeboard-backup-codes.txt');
}

/** The codes in a grid (`data-testid="backup-codes"`), with Copy and Download buttons. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={4} data-testid="backup-codes">
        {codes.map((backup) => (
          <Code key={backup}>{backup}</Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={backupCodesText(codes)} timeout={2_000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          size="xs"
          onClick={() => downloadBackupCodes(codes)}
          leftSection={<IconDownload size={14} />}
        >
          Download
        </Button>
      </Group>
    </>
  );
}
