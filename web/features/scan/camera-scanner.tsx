// The camera half of the scan page: start and stop, choose among several cameras, and read codes continuously
// (every frame the detector is free for) without closing anything; the codes of each examined frame go to
// `onFrame`, an empty list included, so the page can tell a label that left the view from a detector that fell
// behind (in-view.ts). Says plainly
// what to do when the camera is refused, missing, or needs a secure connection.
import { Alert, Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDetector } from './detector.ts';

/** Pause between two reads: enough for a phone to keep up, fast enough to feel instant. */
const READ_EVERY_MS = 120;

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera permission was denied. Allow the camera for this site in the browser settings, then press Start camera again — or use a scanner or type the code below.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'No camera was found on this device. Use a USB or Bluetooth scanner, or type the code below.';
  if (name === 'NotReadableError')
    return 'The camera is busy in another app. Close that app, then press Start camera again.';
  return `The camera could not start${error instanceof Error && error.message ? ` (${error.message})` : ''}. Use a scanner or type the code below.`;
}

export function CameraScanner({ onFrame }: { onFrame: (codes: string[]) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const callback = useRef(onFrame);
  callback.current = onFrame;
  const [running, setRunning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cameras, setCameras] = useState<{ value: string; label: string }[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setRunning(false);
  }, []);

  const start = useCallback(
    async (deviceId: string | null) => {
      setProblem(null);
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(
          'This browser cannot use the camera here: the camera needs a secure (https) connection. Use a scanner or type the code below.',
        );
        return;
      }
      setStarting(true);
      stop();
      try {
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            audio: false,
            video: deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: 'environment' } },
          }),
          loadDetector(),
        ]);
        stream.current = media;
        const element = video.current!;
        element.srcObject = media;
        await element.play().catch(() => undefined);
        setRunning(true);
        // Labels of the cameras are only known once permission is given.
        const devices = await navigator.mediaDevices.enumerateDevices();
        const inputs = devices.filter((d) => d.kind === 'videoinput');
        setCameras(inputs.map((d, i) => ({ value: d.deviceId, label: d.label || `Camera ${i + 1}` })));
        setCameraId(media.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId);
        const read = async () => {
          if (stream.current !== media) return;
          if (element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
            // A frame the detector failed on is not an examined frame: it says nothing about what is in view.
            const found = await detector.detect(element).catch(() => null);
            if (found && stream.current === media)
              callback.current(found.map((code) => code.rawValue).filter((value) => value !== ''));
          }
          if (stream.current === media) window.setTimeout(read, READ_EVERY_MS);
        };
        void read();
      } catch (error) {
        stop();
        setProblem(cameraProblem(error));
      } finally {
        setStarting(false);
      }
    },
    [stop],
  );

  useEffect(() => stop, [stop]);

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {running ? (
          <Button size="lg" variant="default" leftSection={<IconCameraOff size={22} />} onClick={stop}>
            Stop camera
          </Button>
        ) : (
          <Button
            size="lg"
            leftSection={<IconCamera size={22} />}
            loading={starting}
            onClick={() => void start(cameraId)}
          >
            Start camera
          </Button>
        )}
        {running && cameras.length > 1 ? (
          <Select
            aria-label="Camera"
            data={cameras}
            value={cameraId}
            allowDeselect={false}
            onChange={(id) => {
              setCameraId(id);
              void start(id);
            }}
            style={{ flex: '1 1 12rem', minWidth: 0 }}
          />
        ) : null}
      </Group>
      {problem ? (
        <Alert color="orange" role="alert" title="Camera unavailable">
          <Text size="sm">{problem}</Text>
        </Alert>
      ) : null}
      <Box
        style={{
          display: running ? 'block' : 'none',
          borderRadius: 8,
          overflow: 'hidden',
          background: '#000',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view"
          style={{ display: 'block', width: '100%', maxHeight: '45vh', objectFit: 'contain' }}
        />
      </Box>
    </Stack>
  );
}
