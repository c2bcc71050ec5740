/** Image headers (PNG, GIF, JPEG): dimensions, and the end marker that shows the file is whole. */
import { ascii, noMedia, truncated, u16be, u16le, u32be, type ByteSource, type Parsed } from './byte-source';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v);

function dimensions(width: number, height: number): Parsed {
  return width > 0 && height > 0 ? { ok: true, width, height } : noMedia;
}

export async function parsePng(src: ByteSource): Promise<Parsed | null> {
  const h = await src.read(0, 24);
  if (!startsWith(h, PNG_SIGNATURE)) return null;
  if (h.length < 24 || ascii(h, 12, 4) !== 'IHDR') return truncated;
  const tail = await src.read(Math.max(0, src.size - 12), 12);
  if (!startsWith(tail, PNG_IEND)) return truncated;
  return dimensions(u32be(h, 16), u32be(h, 20));
}

export async function parseGif(src: ByteSource): Promise<Parsed | null> {
  const h = await src.read(0, 10);
  const magic = ascii(h, 0, 6);
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return null;
  if (h.length < 10) return truncated;
  const last = await src.read(src.size - 1, 1);
  if (last[0] !== 0x3b) return truncated; // the trailer byte
  return dimensions(u16le(h, 6), u16le(h, 8));
}

/** JPEG: SOI, segments up to a start-of-frame (its height and width), and EOI near the end. */
export async function parseJpeg(src: ByteSource): Promise<Parsed | null> {
  const h = await src.read(0, 3);
  if (h[0] !== 0xff || h[1] !== 0xd8 || h[2] !== 0xff) return null;
  let size: Parsed = noMedia;
  for (let at = 2; ;) {
    const seg = await src.read(at, 9);
    if (seg.length < 4) return truncated;
    if (seg[0] !== 0xff) return noMedia;
    const marker = seg[1]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (seg.length < 9) return truncated;
      size = dimensions(u16be(seg, 7), u16be(seg, 5));
      break;
    }
    if (marker === 0xd9 || marker === 0xda) return noMedia; // image data before any frame header
    at += 2 + u16be(seg, 2);
    if (at >= src.size) return truncated;
  }
  // Cameras may append data after EOI; it must still be there somewhere near the end.
  const tail = await src.read(Math.max(0, src.size - 4096), 4096);
  for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return size;
  return truncated;
}
