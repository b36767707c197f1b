import zlib from 'node:zlib';
import sharp from 'sharp';

export interface FilePart {
  /** The form field; `file` unless given. */
  field?: string;
  filename?: string;
  /** The file's content type; application/octet-stream unless given. */
  type?: string;
}

/**
 * A multipart/form-data body with one file, as a browser's form sends it, for inject(): the bytes and the
 * content-type with its boundary.
 */
export async function multipartBody(
  content: string | Buffer,
  { field = 'file', filename = 'upload', type = 'application/octet-stream' }: FilePart = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export function pngOf(width: number, height: number, colour = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header that claims width × height pixels in a few hundred bytes (a decompression bomb). */
export function hugePngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
