// A failure's photo as the inspector took it (decision 072): a thumbnail that opens full size in a dialog. Served by
// the shared file route (GET /api/v1/files/:id), which answers only the photo's own company.
import { Anchor, Modal, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { fileUrl } from '#common/schemas/files.ts';

/** How big a thumbnail is: a defect can be made out, and a failure's lines still fit a 360 px phone. */
const THUMB = { width: 128, height: 96 };

export function FailurePhoto({ fileId, alt }: { fileId: string; alt: string }) {
  const [open, setOpen] = useState(false);
  const url = fileUrl(fileId);
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={`Show ${alt} full size`}
        style={{ display: 'block', width: THUMB.width }}
      >
        <img
          src={url}
          alt={alt}
          loading="lazy"
          style={{ ...THUMB, display: 'block', objectFit: 'cover', borderRadius: 4 }}
        />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={alt} size="xl">
        <Stack gap="xs">
          <img
            src={url}
            alt={alt}
            style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 4 }}
          />
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
            Open the photo on its own
          </Anchor>
        </Stack>
      </Modal>
    </>
  );
}

/** The words a failure's photo is read by: its check, unit and defect code. */
export function failurePhotoAlt(checkName: string, unitNo: number, defectCode: string | null): string {
  return `Photo of the failure of ${checkName}, unit ${unitNo}${defectCode ? ` (${defectCode})` : ''}`;
}
