import { crc32, deflateSync } from "node:zlib";

/** An RGB image, row by row (3 bytes a pixel). */
export type Rgb = readonly [number, number, number];

export class Canvas {
  readonly pixels: Buffer;
  readonly width: number;
  readonly height: number;
  constructor(width: number, height: number, background: Rgb) {
    this.width = width;
    this.height = height;
    this.pixels = Buffer.alloc(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  fillRect(x: number, y: number, w: number, h: number, colour: Rgb): void {
    const [x0, y0] = [Math.max(0, Math.floor(x)), Math.max(0, Math.floor(y))];
    const [x1, y1] = [Math.min(this.width, Math.ceil(x + w)), Math.min(this.height, Math.ceil(y + h))];
    for (let row = y0; row < y1; row++)
      for (let col = x0; col < x1; col++) {
        const at = (row * this.width + col) * 3;
        this.pixels[at] = colour[0];
        this.pixels[at + 1] = colour[1];
        this.pixels[at + 2] = colour[2];
      }
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real PNG (8-bit truecolour, no interlace, filter 0 on every row), compressed with node:zlib. */
export function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const stride = canvas.width * 3;
  const raw = Buffer.alloc((stride + 1) * canvas.height);
  for (let row = 0; row < canvas.height; row++)
    canvas.pixels.copy(raw, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
