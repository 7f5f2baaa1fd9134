// The barcode detector of the camera: the browser's own BarcodeDetector where it reads our symbologies (Android,
// macOS), else the `barcode-detector` ponyfill on ZXing WebAssembly — whose .wasm is served from our own origin
// (a Vite asset), never the package's default CDN: a shop floor may have no internet (docs/decisions/028).
import type { BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What our labels print (QR, Code 128, Data Matrix) and the vendor codes people scan most. */
const FORMATS: BarcodeFormat[] = [
  'qr_code',
  'code_128',
  'data_matrix',
  'ean_13',
  'ean_8',
  'upc_a',
  'code_39',
];

/** The part of a detector the camera uses. */
export interface TDetector {
  detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<{ rawValue: string }[]>;
}

interface TNativeDetectorClass {
  new (options: { formats: string[] }): TDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<TDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: TNativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!['qr_code', 'code_128', 'data_matrix'].every((f) => supported.includes(f))) return null;
    return new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
  } catch {
    return null;
  }
}

let ready: Promise<TDetector> | null = null;

/** The detector, made once (the WebAssembly is fetched from our origin and compiled on first use). */
export function loadDetector(): Promise<TDetector> {
  ready ??= (async () => {
    const native = await nativeDetector();
    if (native) return native;
    const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
    return new BarcodeDetector({ formats: FORMATS });
  })();
  ready.catch(() => {
    ready = null;
  });
  return ready;
}
