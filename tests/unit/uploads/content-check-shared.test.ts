/**
 * Every upload path's client check (sniffSource) and the server check (verify-upload's
 * checkStoredBytes) agree on one list of formats (supabase/functions/_shared/content-formats.ts).
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_FORMATS, TEXT_FORMATS } from '../../../supabase/functions/_shared/content-formats';
import { checkStoredBytes } from '../../../supabase/functions/verify-upload/check-bytes';
import { fromBytes, sniffSource } from '../../../src/features/uploads/sniff';
import { MANAGER_ACCEPT, SIMPLE_ACCEPT } from '../../../src/features/uploads/accepted-types';
import { elfExecutable, mp3File, pngFile, wavFile } from '../../fixtures/media-samples';

const sniff = (name: string, bytes: Uint8Array) => sniffSource(name, fromBytes(bytes));
const text = (s: string) => new TextEncoder().encode(s);
const PDF = text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('one list of formats', () => {
  it('every extension a dialog accepts is a format of the shared list', () => {
    const known = new Set([
      ...Object.values(CONTENT_FORMATS).flatMap((f) => f.extensions),
      ...Object.keys(TEXT_FORMATS),
    ]);
    const offered = [...Object.values(MANAGER_ACCEPT), ...Object.values(SIMPLE_ACCEPT)].flat();
    expect(offered.filter((ext) => !known.has(ext))).toEqual([]);
  });

  it('what the client check accepts, the server accepts with the same type', async () => {
    const samples: [string, Uint8Array][] = [
      ['Take.mp3', mp3File(20)],
      ['Take.wav', wavFile(1)],
      ['Cover.png', pngFile(4, 4)],
      ['Liner notes.pdf', PDF],
      ['Lyrics.txt', text('Verse one\nChorus\n')],
      ['Readme.md', text('# Tour dates\n- Friday\n')],
    ];
    for (const [name, bytes] of samples) {
      const client = await sniff(name, bytes);
      expect(client.ok, name).toBe(true);
      if (!client.ok) continue;
      expect(await checkStoredBytes(bytes, client.mime), name).toMatchObject({ ok: true, mime: client.mime });
    }
  });
});

describe('client check: formats without a hand-checked parser (Quick Upload)', () => {
  it('refuses a Linux program renamed .ogg or .md, an empty file, and SVG', async () => {
    expect(await sniff('Song.ogg', elfExecutable())).toMatchObject({
      ok: false,
      message: 'Song.ogg is not a real OGG file: its content is a Linux program.',
    });
    expect(await sniff('Notes.md', elfExecutable())).toMatchObject({
      ok: false,
      message: 'Notes.md is not a real MD file: its content is a Linux program.',
    });
    expect(await sniff('Empty.ogg', new Uint8Array(0))).toMatchObject({
      ok: false,
      message: 'Empty.ogg is empty (0 bytes), so there is nothing to upload.',
    });
    expect(await sniff('Logo.svg', text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({ ok: false });
  });

  it('refuses a PNG renamed .webp', async () => {
    expect(await sniff('Cover.webp', pngFile(4, 4))).toMatchObject({
      ok: false,
      message: 'Cover.webp is not a real WebP file: its content is a PNG file.',
    });
  });
});

describe('server check (verify-upload) on stored bytes', () => {
  it('refuses a program declared audio/mpeg, an empty object, and audio of another format', async () => {
    expect(await checkStoredBytes(elfExecutable(), 'audio/mpeg')).toEqual({
      ok: false,
      note: 'its content is a Linux program',
    });
    expect(await checkStoredBytes(new Uint8Array(0), 'audio/mpeg')).toEqual({
      ok: false,
      note: 'the file is empty (0 bytes)',
    });
    expect(await checkStoredBytes(wavFile(1), 'audio/mpeg')).toEqual({
      ok: false,
      note: 'it was declared audio/mpeg, but its content is a WAV file',
    });
  });

  it('refuses MPEG frame sync with no playable audio after it', async () => {
    const fake = new Uint8Array(4096);
    fake.set([0xff, 0xfb, 0x90, 0x64]); // one frame header, then nothing that continues the stream
    const verdict = await checkStoredBytes(fake, 'audio/mpeg');
    expect(verdict.ok).toBe(false);
  });

  it('accepts real audio with its duration from the headers', async () => {
    const verdict = await checkStoredBytes(mp3File(100), 'audio/mpeg');
    expect(verdict).toMatchObject({ ok: true, mime: 'audio/mpeg' });
    expect(verdict.ok && verdict.note).toMatch(/44100 Hz, 2 ch, 2\.6 s/);
  });

  it('text must be UTF-8 without NUL bytes', async () => {
    expect((await checkStoredBytes(text('hello'), 'text/plain')).ok).toBe(true);
    expect((await checkStoredBytes(new Uint8Array([0x68, 0, 0x69]), 'text/plain')).ok).toBe(false);
    expect((await checkStoredBytes(new Uint8Array([0xc3, 0x28]), 'text/markdown')).ok).toBe(false);
  });
});
