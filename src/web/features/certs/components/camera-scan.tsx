import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { certFromCode } from '#web/features/certs/scanned-code.ts';

/** The browser's own barcode reader (Chrome on Android and macOS, Safari on iOS 17+), where there is one. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

function barcodeReader(): BarcodeReaderClass | undefined {
  if (typeof window === 'undefined' || !navigator.mediaDevices?.getUserMedia) return undefined;
  return (window as unknown as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;
}

const NOTES = {
  noReader: 'This browser cannot read the label’s barcode: type the certificate number.',
  refused: 'The camera is not allowed, so the label cannot be scanned: type the certificate number instead.',
  noCamera: 'No camera was found: type the certificate number instead.',
  failed: 'The camera could not start: type the certificate number instead.',
} as const;

/** How often a frame is read: often enough to feel at once, rarely enough to spare a phone's battery. */
const READ_EVERY_MS = 250;

/**
 * Reads a PSA label's barcode or QR code with the camera and hands over its certificate number. The camera
 * keeps running for the next slab; a slab kept in view is handed over once. Without a reader or a camera, or
 * when the camera is refused, a note says so and the number field above remains.
 */
export function CameraScan({ onCert }: { onCert: (cert: string) => void }) {
  const Reader = barcodeReader();
  const [running, setRunning] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const handOver = useRef(onCert);
  useEffect(() => {
    handOver.current = onCert;
  }, [onCert]);

  useEffect(() => {
    if (!running || !Reader) return;
    const reader = new Reader({ formats: ['code_128', 'qr_code'] });
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let last: string | undefined;
    const read = async () => {
      const element = video.current;
      if (stopped || !element) return;
      try {
        const codes = element.readyState >= element.HAVE_CURRENT_DATA ? await reader.detect(element) : [];
        const cert = codes.map((code) => certFromCode(code.rawValue)).find((found) => found !== undefined);
        if (cert && cert !== last) {
          last = cert;
          handOver.current(cert);
        }
      } catch {
        // A frame the reader cannot take: the next one is read as usual.
      }
      if (!stopped) timer = window.setTimeout(read, READ_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((media) => {
        // Turned off, or the page left, while the camera was starting: it is let go at once.
        if (stopped || !video.current) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        video.current.srcObject = media;
        void video.current.play();
        void read();
      })
      .catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        setNote(
          name === 'NotAllowedError'
            ? NOTES.refused
            : name === 'NotFoundError' || name === 'OverconstrainedError'
              ? NOTES.noCamera
              : NOTES.failed,
        );
        setRunning(false);
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [running, Reader]);

  if (!Reader) return <p className="mt-3 text-sm text-slate-600">{NOTES.noReader}</p>;
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
