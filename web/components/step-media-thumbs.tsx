// A step's pictures and videos as small thumbnails, for the shop floor on a phone (issue 29): at full width a photo
// pushed the scan box below the first screen, and scanning is what the operator does most. A tap opens the picture
// full size; a video keeps its controls (and its own full-screen button) at thumbnail height.
import { Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { TStepFile } from '#common/schemas/build.ts';

type TThumbFile = Pick<TStepFile, 'id' | 'contentType' | 'url' | 'name' | 'caption'>;

/** How tall a thumbnail is: small enough that a step's title, its picture and the scan box fit a 390 × 844 phone. */
export const THUMB_HEIGHT = 96;

function Thumb({ file, onOpen }: { file: TThumbFile; onOpen: () => void }) {
  const label = file.caption || file.name;
  return (
    <figure style={{ margin: 0, minWidth: 0 }}>
      {file.contentType.startsWith('video/') ? (
        // biome-ignore lint/a11y/useMediaCaption: work-instruction clips are silent shop-floor footage, captioned below
        <video
          controls
          preload="metadata"
          src={file.url}
          aria-label={label}
          style={{ width: '100%', height: THUMB_HEIGHT, background: '#000', borderRadius: 4 }}
        />
      ) : (
        <UnstyledButton onClick={onOpen} aria-label={`Show ${label} full size`} style={{ display: 'block' }}>
          <img
            src={file.url}
            alt={label}
            loading="lazy"
            style={{ width: '100%', height: THUMB_HEIGHT, objectFit: 'cover', borderRadius: 4 }}
          />
        </UnstyledButton>
      )}
      {file.caption ? (
        <Text component="figcaption" size="xs" c="dimmed" mt={2} lineClamp={2}>
          {file.caption}
        </Text>
      ) : null}
    </figure>
  );
}

/** A step's files as thumbnails, two a row on a phone; a picture opens full size in a dialog. */
export function StepMediaThumbs({ files }: { files: TThumbFile[] }) {
  const [open, setOpen] = useState<TThumbFile | null>(null);
  if (files.length === 0) return null;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {files.map((file) => (
          <Thumb key={file.id} file={file} onOpen={() => setOpen(file)} />
        ))}
      </SimpleGrid>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? open.caption || open.name : ''}
        size="xl"
      >
        {open ? (
          <img
            src={open.url}
            alt={open.caption || open.name}
            style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 4 }}
          />
        ) : null}
      </Modal>
    </>
  );
}
