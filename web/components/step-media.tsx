// The pictures and videos of an assembly step, wherever a step is shown (the revision, the shop floor): pictures
// as images, videos with their controls, served by the range endpoint so a phone seeks without fetching it all.
import { SimpleGrid, Text } from '@mantine/core';
import type { TStepFile } from '#common/schemas/build.ts';

/** One picture or video with its caption; `preload="metadata"` fetches only the first bytes until played. */
export function StepMediaItem({
  file,
}: {
  file: Pick<TStepFile, 'contentType' | 'url' | 'name' | 'caption'>;
}) {
  const label = file.caption || file.name;
  return (
    <figure style={{ margin: 0 }}>
      {file.contentType.startsWith('video/') ? (
        // biome-ignore lint/a11y/useMediaCaption: work-instruction clips are silent shop-floor footage, captioned below
        <video
          controls
          preload="metadata"
          src={file.url}
          aria-label={label}
          style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 4 }}
        />
      ) : (
        <img
          src={file.url}
          alt={label}
          loading="lazy"
          style={{ width: '100%', maxHeight: 360, objectFit: 'contain', borderRadius: 4 }}
        />
      )}
      {file.caption ? (
        <Text component="figcaption" size="sm" c="dimmed" mt={4}>
          {file.caption}
        </Text>
      ) : null}
    </figure>
  );
}

/** A step's files in order, one column on a phone, two on a wider screen. */
export function StepMedia({ files }: { files: TStepFile[] }) {
  if (files.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
      {files.map((f) => (
        <StepMediaItem key={f.id} file={f} />
      ))}
    </SimpleGrid>
  );
}
