import { describe, expect, it } from 'vitest';
import { toneWav } from '../../../src/features/locker/offline-media/tone-wav';
import { fromBytes, sniffSource, type SniffResult } from '../../../src/features/uploads/sniff';
import {
  elfExecutable,
  MP3_FRAME_SECONDS,
  mp3File,
  peExecutable,
  pngFile,
  wavFile,
} from '../../fixtures/media-samples';

const sniff = (name: string, bytes: Uint8Array) => sniffSource(name, fromBytes(bytes));

function refused(result: SniffResult) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return result;
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(parts);
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(out.length, 0);
  out.write(type, 4, 'ascii');
  body.copy(out, 8);
  return new Uint8Array(out);
}

/** ftyp + moov/mvhd (timescale 1000, duration in ms) + mdat: the shape every mp4/m4a/mov has. */
function isoMedia(brand: string, durationMs: number): Uint8Array {
  const ftyp = box('ftyp', Buffer.from(`${brand}\u0000\u0000\u0000\u0000isom`, 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(durationMs, 16);
  return new Uint8Array(Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', new Uint8Array(2000))]));
}

describe('content sniffing: real files pass with their duration or dimensions', () => {
  it('a PCM WAV written byte by byte: 1.5 s', async () => {
    const result = await sniff('Take 1.wav', wavFile(1.5));
    expect(result).toMatchObject({ ok: true, mime: 'audio/wav', kind: 'audio' });
    expect(result.ok && result.durationSeconds).toBeCloseTo(1.5, 5);
  });

  it("the app's own tone WAV (used by the locker) passes too", async () => {
    const result = await sniff('tone.WAV', toneWav('seed', { seconds: 3 }));
    expect(result.ok && result.durationSeconds).toBeCloseTo(3, 1);
  });

  it('an MP3 (MPEG-1 Layer III frames) with an ID3 tag and an Info header: duration from the frame count', async () => {
    const result = await sniff('song.mp3', mp3File(101, { xing: true, id3: true }));
    expect(result).toMatchObject({ ok: true, mime: 'audio/mpeg' });
    expect(result.ok && result.durationSeconds).toBeCloseTo(100 * MP3_FRAME_SECONDS, 5);
  });

  it('a constant-bitrate MP3 without Info header: duration from size and bitrate', async () => {
    const bytes = mp3File(200);
    const result = await sniff('cbr.mp3', bytes);
    expect(result.ok && result.durationSeconds).toBeCloseTo((bytes.length * 8) / 128_000, 5);
  });

  it('a PNG made with zlib: its width and height', async () => {
    expect(await sniff('cover.png', pngFile(64, 48))).toMatchObject({
      ok: true,
      mime: 'image/png',
      width: 64,
      height: 48,
    });
  });

  it('a GIF and a JPEG: their dimensions', async () => {
    const gif = Buffer.from([...Buffer.from('GIF89a'), 10, 0, 20, 0, 0, 0, 0, 0x2c, 0x3b]);
    expect(await sniff('a.gif', gif)).toMatchObject({ ok: true, width: 10, height: 20 });
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...Buffer.from('JFIF\u0000'),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      0xff,
      0xc0,
      0,
      11,
      8,
      0,
      30,
      0,
      40,
      1,
      1,
      0x11,
      0,
      0xff,
      0xda,
      0,
      8,
      1,
      1,
      0,
      0,
      0x3f,
      0,
      0x12,
      0x34,
      0xff,
      0xd9,
    ]);
    expect(await sniff('photo.jpeg', jpeg)).toMatchObject({ ok: true, mime: 'image/jpeg', width: 40, height: 30 });
  });

  it('mp4, m4a and mov containers: duration from the movie header', async () => {
    const mp4 = await sniff('clip.mp4', isoMedia('isom', 12_500));
    expect(mp4).toMatchObject({ ok: true, mime: 'video/mp4', durationSeconds: 12.5 });
    expect(await sniff('song.m4a', isoMedia('M4A ', 3000))).toMatchObject({
      ok: true,
      mime: 'audio/mp4',
      durationSeconds: 3,
    });
    expect(await sniff('clip.mov', isoMedia('qt  ', 1000))).toMatchObject({ ok: true, mime: 'video/quicktime' });
  });
});

describe('content sniffing: impostors, empty and cut-off files are refused with a clear message', () => {
  it('a Linux executable renamed .mp3', async () => {
    const result = refused(await sniff('hit single.mp3', elfExecutable()));
    expect(result.reason).toBe('impostor');
    expect(result.message).toBe('hit single.mp3 is not a real MP3 file: its content is a Linux program.');
  });

  it('a Windows .exe renamed .mp3 (or .wav, .png)', async () => {
    expect(refused(await sniff('setup.mp3', peExecutable())).message).toContain('a Windows program');
    expect(refused(await sniff('setup.wav', peExecutable())).reason).toBe('impostor');
    expect(refused(await sniff('setup.png', peExecutable())).reason).toBe('impostor');
  });

  it('an empty .mp3', async () => {
    const result = refused(await sniff('empty.mp3', new Uint8Array(0)));
    expect(result).toMatchObject({
      reason: 'empty',
      message: 'empty.mp3 is empty (0 bytes), so there is nothing to upload.',
    });
  });

  it('random bytes named .mp3 (no two frame headers in a row)', async () => {
    const noise = new Uint8Array(5000).map((_, i) => (i * 7919 + 13) % 251);
    expect(refused(await sniff('noise.mp3', noise)).reason).toBe('impostor');
  });

  it('a WAV renamed .mp3 says what it really is', async () => {
    expect(refused(await sniff('take.mp3', wavFile(0.5))).message).toBe(
      'take.mp3 is not a real MP3 file: its content is a WAV file.',
    );
  });

  it('a cut-off WAV, PNG and MP3', async () => {
    const wav = wavFile(2);
    expect(refused(await sniff('cut.wav', wav.subarray(0, wav.length / 2))).reason).toBe('truncated');
    expect(refused(await sniff('cut.wav', wav.subarray(0, 30))).reason).toBe('truncated');
    const png = pngFile(32, 32);
    expect(refused(await sniff('cut.png', png.subarray(0, png.length - 20))).message).toBe(
      'cut.png is incomplete: the file ends before its PNG data does. Export or copy it again.',
    );
    const mp3 = mp3File(400, { xing: true });
    expect(refused(await sniff('cut.mp3', mp3.subarray(0, 20_000))).reason).toBe('truncated');
  });

  it('a WAV with a header but no samples has no duration', async () => {
    const header = wavFile(0);
    expect(refused(await sniff('silent.wav', header))).toMatchObject({
      reason: 'no-media',
      message: 'silent.wav has no playable audio in it (no duration could be read).',
    });
  });

  it('an mp4 whose movie header never arrived', async () => {
    const full = isoMedia('isom', 5000);
    const withoutMoov = full.subarray(0, 24);
    expect(refused(await sniff('clip.mp4', withoutMoov)).reason).toBe('truncated');
  });

  it('a file type outside the accepted list', async () => {
    expect(refused(await sniff('notes.exe', peExecutable())).reason).toBe('unsupported');
  });
});
