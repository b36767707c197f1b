import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { certFromCode } from '#web/features/certs/scanned-code.ts';

/** Reads one frame of the camera: the texts of the codes in it. */
type FrameReader = (video: HTMLVideoElement) => Promise<string[]>;

/** The browser's own barcode reader (Chrome on Android and macOS, Safari on iOS 17+), where there is one. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats?: () => Promise<string[]>;
};

const LABEL_FORMATS = ['code_128', 'qr_code'];

/**
 * The browser's own reader when it reads a PSA label's codes, else ZXing in WebAssembly, whose module (and
 * its .wasm) is fetched only now, when the camera starts.
 */
async function frameReader(): Promise<FrameReader> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;
  const supported = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  if (Native && supported?.some((format) => LABEL_FORMATS.includes(format))) {
    const reader = new Native({ formats: LABEL_FORMATS.filter((format) => supported.includes(format)) });
    return async (video) => (await reader.detect(video)).map((code) => code.rawValue);
  }
  const { zxingFrameReader } = await import('#web/features/certs/zxing-frame-reader.ts');
  return zxingFrameReader();
}

const NOTES = {
  noCamera: 'No camera was found: type the certificate number instead.',
  refused: 'The camera is not allowed, so the label cannot be scanned: type the certificate number instead.',
  failed: 'The camera could not start: type the certificate number instead.',
  noReader: 'The barcode reader could not be loaded: type the certificate number instead.',
} as const;

/** Whether this device has a camera to offer; asking costs no permission, only the kinds are read. */
function useHasCamera(): boolean | undefined {
  const [hasCamera, setHasCamera] = useState<boolean | undefined>();
  useEffect(() => {
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!devices?.getUserMedia || !devices.enumerateDevices) {
      setHasCamera(false);
      return;
    }
    let current = true;
    devices
      .enumerateDevices()
      .then((found) => {
        if (current) setHasCamera(found.some((device) => device.kind === 'videoinput'));
      })
      // A browser that will not list its devices may still have a camera: asking for it tells.
      .catch(() => {
        if (current) setHasCamera(true);
      });
    return () => {
      current = false;
    };
  }, []);
  return hasCamera;
}

/** How often a frame is read: often enough to feel at once, rarely enough to spare a phone's battery. */
const READ_EVERY_MS = 250;

/**
 * Reads a PSA label's barcode or QR code with the camera and hands over its certificate number. The camera
 * keeps running for the next slab; a slab kept in view is handed over once. Without a camera, or when the
 * camera is refused, a note says so and the number field above remains.
 */
export function CameraScan({ onCert }: { onCert: (cert: string) => void }) {
  const hasCamera = useHasCamera();
  const [running, setRunning] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const handOver = useRef(onCert);
  useEffect(() => {
    handOver.current = onCert;
  }, [onCert]);

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let last: string | undefined;
    let ended = false;
    const stop = (why: string) => {
      if (stopped || ended) return;
      ended = true;
      setNote(why);
      setRunning(false);
    };
    const readWith = (read: FrameReader) => {
      const next = async () => {
        const element = video.current;
        if (stopped || !element) return;
        try {
          const texts = element.readyState >= element.HAVE_CURRENT_DATA ? await read(element) : [];
          const cert = texts.map(certFromCode).find((found) => found !== undefined);
          if (cert && cert !== last && !stopped) {
            last = cert;
            handOver.current(cert);
          }
        } catch {
          // A frame the reader cannot take: the next one is read as usual.
        }
        if (!stopped) timer = window.setTimeout(next, READ_EVERY_MS);
      };
      void next();
    };
    const camera = navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((media) => {
        // Turned off, or the page left, while the camera was starting: it is let go at once.
        if (stopped || !video.current) {
          for (const track of media.getTracks()) track.stop();
          return false;
        }
        stream = media;
        video.current.srcObject = media;
        void video.current.play().catch(() => undefined);
        return true;
      })
      .catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        stop(
          name === 'NotAllowedError'
            ? NOTES.refused
            : name === 'NotFoundError' || name === 'OverconstrainedError'
              ? NOTES.noCamera
              : NOTES.failed,
        );
        return false;
      });
    // The reader loads while the person answers the camera's permission question.
    Promise.all([camera, frameReader()])
      .then(([started, read]) => {
        if (started && !stopped) readWith(read);
      })
      .catch(() => stop(NOTES.noReader));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [running]);

  if (hasCamera === undefined) return null;
  if (!hasCamera) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-600">
        {NOTES.noCamera}
      </p>
    );
  }
  return (
    <div className="mt-3 space-y-2">
      {running ? (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label="The camera’s view"
            className="max-h-64 w-full rounded-lg bg-black object-cover"
          />
          <p className="text-xs text-slate-600">
            Hold the label’s barcode or QR code in view. The camera stays on for the next slab.
          </p>
        </>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => {
          setNote(null);
          setRunning(!running);
        }}
        className="w-full sm:w-auto"
      >
        <Camera className="size-4" aria-hidden />
        {running ? 'Stop the camera' : 'Scan the label with the camera'}
      </Button>
      {note ? (
        <p role="status" className="text-sm text-amber-900">
          {note}
        </p>
      ) : null}
    </div>
  );
}
