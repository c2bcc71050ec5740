/**
 * The server's verdict on a stored object's bytes. Runtime-neutral (Deno, Node).
 * What is checked:
 *   * size: more than 0 bytes (the caller also compares with the size Storage recorded);
 *   * format: `file-type` (magic numbers) must detect a format of ../_shared/content-formats.ts
 *     whose canonical MIME type is the declared one; TXT/MD: nothing detected, valid UTF-8, no NUL;
 *   * audio: `music-metadata` must parse the container and codec headers and give a sample rate,
 *     channels and a positive duration; for MP3 it walks every frame header to count the duration.
 * What is NOT checked: audio samples are not decoded (a file whose headers are intact but whose
 * compressed payload is garbage passes); video and images are checked by magic number only.
 */
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { describeDetected, formatOfDetected, isPlainText, type ContentFormat } from '../_shared/content-formats.ts';

export type ByteVerdict = { ok: true; mime: string; note: string } | { ok: false; note: string };

const TEXT_TYPES = new Set(['text/plain', 'text/markdown']);
// ISO media: an M4A is often branded as a plain MP4; the audio check decides what it holds.
const ISO_AS_AUDIO = new Set(['mp4', 'm4v', 'm4a']);

function canonical(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

async function checkAudio(bytes: Uint8Array, mime: string, format: ContentFormat): Promise<ByteVerdict> {
  try {
    const { format: audio } = await parseBuffer(
      bytes,
      { mimeType: mime, size: bytes.length },
      { duration: true, skipCovers: true },
    );
    const duration = audio.duration ?? 0;
    if (Number.isFinite(duration) && duration > 0 && (audio.sampleRate ?? 0) > 0 && (audio.numberOfChannels ?? 0) > 0) {
      return {
        ok: true,
        mime: format.mime,
        note: `${format.label} audio (${audio.codec ?? audio.container ?? 'unknown codec'}), ${audio.sampleRate} Hz, ${audio.numberOfChannels} ch, ${duration.toFixed(1)} s`,
      };
    }
  } catch {
    // unreadable headers: refused below
  }
  return { ok: false, note: `it is not playable ${format.label} audio (no duration could be read from its headers)` };
}

export async function checkStoredBytes(bytes: Uint8Array, declaredType: string): Promise<ByteVerdict> {
  const declared = canonical(declaredType);
  if (bytes.length === 0) return { ok: false, note: 'the file is empty (0 bytes)' };
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) {
    if (TEXT_TYPES.has(declared) && isPlainText(bytes))
      return { ok: true, mime: declared, note: `UTF-8 text, ${bytes.length} bytes` };
    return { ok: false, note: `its content is not a format Bucket accepts (declared ${declared || 'no type'})` };
  }
  if (declared === 'audio/mp4' && ISO_AS_AUDIO.has(detected.ext)) {
    return checkAudio(bytes, 'audio/mp4', formatOfDetected('m4a')!);
  }
  const format = formatOfDetected(detected.ext);
  if (!format) return { ok: false, note: `its content is ${describeDetected(detected.ext)}` };
  if (format.mime !== declared)
    return {
      ok: false,
      note: `it was declared ${declared || 'without a type'}, but its content is ${describeDetected(detected.ext)}`,
    };
  if (format.kind === 'audio') return checkAudio(bytes, detected.mime, format);
  return { ok: true, mime: format.mime, note: `${format.label} (${format.kind}), checked by its magic number` };
}
