import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The barcode reader for browsers without one of their own (Firefox, Safari before iOS 17, Chromium on
 * desktop Linux and Windows): ZXing compiled to WebAssembly. This module is loaded only when the scan page's
 * camera starts, and the .wasm comes from Holoscope's own build, never from a CDN.
 */
prepareZXingModule({
  overrides: {
    locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file),
  },
});

/** A PSA label carries its number as a Code 128 barcode and PSA's address of the certificate as a QR code. */
const OPTIONS = { formats: ['Code128', 'QRCode'], tryHarder: true, maxNumberOfSymbols: 2 } as const;

/** Reads one video frame; the texts of the codes found, none when the frame has none. */
export function zxingFrameReader(): (video: HTMLVideoElement) => Promise<string[]> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || width === 0 || height === 0) return [];
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const results = await readBarcodes(context.getImageData(0, 0, width, height), {
      ...OPTIONS,
      formats: [...OPTIONS.formats],
    });
    return results.filter((result) => result.isValid).map((result) => result.text);
  };
}
