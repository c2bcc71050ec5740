/**
 * Audio header parsers (MP3, WAV, FLAC): each answers whether the bytes really hold that format,
 * whether the file is complete, and its duration from the headers alone.
 */
import { ascii, noMedia, truncated, u16le, u32be, u32le, type ByteSource, type Parsed } from './byte-source';

const MP3_BITRATES: Record<string, number[]> = {
  // kbit/s by [version 1 | 2][layer 1..3], index 1..14.
  '1-1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES = [44100, 48000, 32000];

export interface Mp3Frame {
  length: number;
  samples: number;
  sampleRate: number;
  bitrate: number;
  mpeg1: boolean;
  mono: boolean;
}

/** The MPEG audio frame header at `i`, or null when these 4 bytes are not one. */
export function mp3FrameAt(b: Uint8Array, i: number): Mp3Frame | null {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return null;
  const versionBits = (b[i + 1]! >> 3) & 3; // 0: 2.5, 2: 2, 3: 1
  const layerBits = (b[i + 1]! >> 1) & 3; // 1: III, 2: II, 3: I
  const bitrateIndex = b[i + 2]! >> 4;
  const rateIndex = (b[i + 2]! >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = versionBits === 3;
  const layer = 4 - layerBits;
  const bitrate = MP3_BITRATES[`${mpeg1 ? 1 : 2}-${layer}`]![bitrateIndex - 1]! * 1000;
  const sampleRate = MP3_RATES[rateIndex]! / (mpeg1 ? 1 : versionBits === 2 ? 2 : 4);
  const padding = (b[i + 2]! >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 2 || mpeg1 ? 1152 : 576;
  const length =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return { length, samples, sampleRate, bitrate, mpeg1, mono: b[i + 3]! >> 6 === 3 };
}

/** MP3: optional ID3v2 tag, then MPEG frames; duration from the Xing/Info frame count, else CBR size. */
export async function parseMp3(src: ByteSource): Promise<Parsed | null> {
  let start = 0;
  const head = await src.read(0, 10);
  if (ascii(head, 0, 3) === 'ID3') {
    if (head.length < 10) return truncated;
    const tagSize =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    start = 10 + tagSize + (head[5]! & 0x10 ? 10 : 0);
    if (start >= src.size) return truncated;
  }
  const window = await src.read(start, 8192);
  // After a tag some encoders pad before the first frame; a bare stream must start with one.
  const scan = start > 0 ? window.length - 4 : 0;
  for (let i = 0; i <= scan; i++) {
    const frame = mp3FrameAt(window, i);
    if (!frame) continue;
    const frameStart = start + i;
    const next = frameStart + frame.length;
    if (next > src.size) return truncated;
    if (next < src.size) {
      // Two frames in a row: a lone header-like pair of bytes is not an MP3.
      const following = await src.read(next, 4);
      if (following.length === 4 && !mp3FrameAt(following, 0)) continue;
    }
    return mp3Duration(src, window, i, frameStart, frame);
  }
  return start > 0 ? noMedia : null;
}

function mp3Duration(src: ByteSource, window: Uint8Array, i: number, frameStart: number, frame: Mp3Frame): Parsed {
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const x = i + 4 + sideInfo;
  const tag = ascii(window, x, 4);
  if ((tag === 'Xing' || tag === 'Info') && x + 8 <= window.length) {
    const flags = u32be(window, x + 4);
    let p = x + 8;
    const frames = flags & 1 ? u32be(window, p) : 0;
    if (flags & 1) p += 4;
    const bytes = flags & 2 ? u32be(window, p) : 0;
    // The tag says how long the stream is: fewer bytes on disk means the file was cut off.
    if (bytes > 0 && frameStart + bytes > src.size + 1024) return truncated;
    if (frames > 0) return { ok: true, durationSeconds: (frames * frame.samples) / frame.sampleRate };
  }
  const audioBytes = src.size - frameStart;
  const durationSeconds = (audioBytes * 8) / frame.bitrate;
  return durationSeconds > 0 ? { ok: true, durationSeconds } : noMedia;
}

/** RIFF chunks from `offset`: the first chunk named `id`, with its data offset and declared size. */
async function findChunk(src: ByteSource, offset: number, end: number, id: string) {
  for (let at = offset; at + 8 <= end;) {
    const header = await src.read(at, 8);
    if (header.length < 8) return null;
    const size = u32le(header, 4);
    if (ascii(header, 0, 4) === id) return { dataOffset: at + 8, size };
    at += 8 + size + (size & 1);
  }
  return null;
}

/** WAV: RIFF/WAVE with a fmt chunk and a data chunk; duration = data bytes / byte rate. */
export async function parseWav(src: ByteSource): Promise<Parsed | null> {
  const head = await src.read(0, 12);
  if (ascii(head, 0, 4) !== 'RIFF' || ascii(head, 8, 4) !== 'WAVE') return null;
  if (u32le(head, 4) + 8 > src.size) return truncated;
  const fmt = await findChunk(src, 12, src.size, 'fmt ');
  if (!fmt) return truncated;
  const f = await src.read(fmt.dataOffset, 16);
  if (f.length < 16) return truncated;
  const channels = u16le(f, 2);
  const sampleRate = u32le(f, 4);
  const byteRate = u32le(f, 8);
  if (channels === 0 || sampleRate === 0 || byteRate === 0) return noMedia;
  const data = await findChunk(src, fmt.dataOffset + fmt.size + (fmt.size & 1), src.size, 'data');
  if (!data) return truncated;
  if (data.dataOffset + data.size > src.size) return truncated;
  if (data.size === 0) return noMedia;
  return { ok: true, durationSeconds: data.size / byteRate };
}

/** FLAC: 'fLaC', STREAMINFO (sample rate, total samples), metadata blocks, then audio frames. */
export async function parseFlac(src: ByteSource): Promise<Parsed | null> {
  const head = await src.read(0, 42);
  if (ascii(head, 0, 4) !== 'fLaC') return null;
  if (head.length < 42 || (head[4]! & 0x7f) !== 0) return truncated;
  const s = head.subarray(8);
  const sampleRate = (s[10]! << 12) | (s[11]! << 4) | (s[12]! >> 4);
  const totalSamples = (s[13]! & 0x0f) * 2 ** 32 + u32be(s, 14);
  let at = 4;
  for (;;) {
    const block = await src.read(at, 4);
    if (block.length < 4) return truncated;
    const length = (block[1]! << 16) | (block[2]! << 8) | block[3]!;
    at += 4 + length;
    if (at > src.size) return truncated;
    if (block[0]! & 0x80) break;
  }
  const sync = await src.read(at, 2);
  if (sync.length < 2) return truncated; // metadata only: no audio frames
  if (sync[0] !== 0xff || (sync[1]! & 0xfe) !== 0xf8) return noMedia;
  if (sampleRate === 0 || totalSamples === 0) return noMedia;
  return { ok: true, durationSeconds: totalSamples / sampleRate };
}
