// What a scan sounds and feels like: a short high beep and one buzz when it found something, a low double beep and
// a long buzz when not. Both are skipped silently where the device has no audio or vibration.

let audio: AudioContext | null = null;

function beep(frequency: number, startsIn: number, seconds: number): void {
  const AudioCtx =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioCtx) return;
  audio ??= new AudioCtx();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = frequency;
  oscillator.type = 'square';
  gain.gain.value = 0.08;
  oscillator.connect(gain).connect(audio.destination);
  const at = audio.currentTime + startsIn;
  oscillator.start(at);
  oscillator.stop(at + seconds);
}

/** Beep and buzz for a scan's outcome. */
export function scanFeedback(found: boolean): void {
  try {
    if (found) beep(1760, 0, 0.09);
    else {
      beep(330, 0, 0.15);
      beep(330, 0.2, 0.15);
    }
    navigator.vibrate?.(found ? 60 : [120, 80, 120]);
  } catch {
    // Feedback is a courtesy: a browser that refuses audio or vibration still shows the card.
  }
}
