/**
 * Video and m4a containers: ISO base media (mp4, m4a, mov: boxes, duration in moov/mvhd) and
 * AVI (RIFF 'AVI ', duration from the main header). Box and chunk sizes are checked against the
 * file size, which is how a cut-off file shows.
 */
import { ascii, noMedia, truncated, u32be, u32le, type ByteSource, type Parsed } from './byte-source';

const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

async function boxAt(src: ByteSource, at: number, limit: number): Promise<Box | 'truncated' | null> {
  const h = await src.read(at, 16);
  if (h.length < 8) return 'truncated';
  let size = u32be(h, 0);
  let headerSize = 8;
  if (size === 1) {
    if (h.length < 16) return 'truncated';
    size = u32be(h, 8) * 2 ** 32 + u32be(h, 12);
    headerSize = 16;
  } else if (size === 0) size = limit - at; // the box runs to the end of the file
  if (size < headerSize) return null;
  if (at + size > limit) return 'truncated';
  return { type: ascii(h, 4, 4), start: at, headerSize, end: at + size };
}

async function children(src: ByteSource, parent: { start: number; end: number }, find: string) {
  for (let at = parent.start; at < parent.end;) {
    const box = await boxAt(src, at, parent.end);
    if (box === 'truncated' || box === null) return box;
    if (box.type === find) return box;
    at = box.end;
  }
  return null;
}

/** mp4 / m4a / mov: an ISO BMFF file whose movie header gives a duration. */
export async function parseIsoMedia(src: ByteSource): Promise<Parsed | null> {
  const first = await src.read(0, 8);
  if (first.length < 8 || !FIRST_BOXES.has(ascii(first, 4, 4))) return null;
  let moov: Box | null = null;
  for (let at = 0; at < src.size;) {
    const box = await boxAt(src, at, src.size);
    if (box === 'truncated') return truncated;
    if (box === null) return at === 0 ? null : noMedia;
    if (box.type === 'moov') moov = box;
    at = box.end;
  }
  if (!moov) return truncated; // the movie header is written last by many encoders
  const mvhd = await children(src, { start: moov.start + moov.headerSize, end: moov.end }, 'mvhd');
  if (mvhd === 'truncated') return truncated;
  if (!mvhd) return noMedia;
  const m = await src.read(mvhd.start + mvhd.headerSize, 32);
  const v1 = m[0] === 1;
  const timescale = v1 ? u32be(m, 20) : u32be(m, 12);
  const duration = v1 ? u32be(m, 24) * 2 ** 32 + u32be(m, 28) : u32be(m, 16);
  if (timescale === 0 || duration === 0) return noMedia;
  return { ok: true, durationSeconds: duration / timescale };
}

/** AVI: RIFF 'AVI ' whose hdrl/avih gives frame time and frame count. */
export async function parseAvi(src: ByteSource): Promise<Parsed | null> {
  const h = await src.read(0, 56);
  if (ascii(h, 0, 4) !== 'RIFF' || ascii(h, 8, 4) !== 'AVI ') return null;
  if (u32le(h, 4) + 8 > src.size) return truncated;
  if (h.length < 56 || ascii(h, 12, 4) !== 'LIST' || ascii(h, 20, 4) !== 'hdrl' || ascii(h, 24, 4) !== 'avih')
    return noMedia;
  const microsPerFrame = u32le(h, 32);
  const frames = u32le(h, 48);
  if (microsPerFrame === 0 || frames === 0) return noMedia;
  return { ok: true, durationSeconds: (microsPerFrame * frames) / 1e6 };
}
