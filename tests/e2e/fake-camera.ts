import fs from 'node:fs';
import path from 'node:path';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

prepareZXingModule({
  overrides: {
    wasmBinary: fs.readFileSync(path.resolve('node_modules/zxing-wasm/dist/writer/zxing_writer.wasm'))
      .buffer as ArrayBuffer,
  },
});

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a PSA label's Code 128 barcode
 * of `cert`, black bars on white, filling most of a 640×480 frame, as Y4M (YUV4MPEG2, 4:2:0). The camera
 * plays it in a loop, as a slab held still in front of a phone.
 */
export async function writeLabelVideo(file: string, cert: string): Promise<void> {
  const written = await writeBarcode(cert, { format: 'Code128', scale: 1 });
  if (written.error) throw new Error(`The barcode of ${cert} could not be drawn: ${written.error}`);
  const { data, width: modules } = written.symbol;
  const scale = Math.floor((WIDTH * 0.8) / modules);
  const left = Math.floor((WIDTH - modules * scale) / 2);
  const top = Math.floor(HEIGHT * 0.3);
  const bottom = Math.floor(HEIGHT * 0.7);

  // Luma: white everywhere but the bars; the symbol's first row is each module's colour (0 is a bar).
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = top; y < bottom; y += 1) {
    for (let x = 0; x < modules * scale; x += 1) {
      if (data[Math.floor(x / scale)] === 0) luma[y * WIDTH + left + x] = 16;
    }
  }
  // No colour: both chroma planes at their middle value, each a quarter of the frame.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
