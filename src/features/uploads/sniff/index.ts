/**
 * Content sniffing for every upload path (Upload Manager and Quick Upload): a file is accepted
 * only when its bytes are the format its extension names. MP3, WAV, FLAC, M4A, MP4, MOV, AVI,
 * JPEG, PNG and GIF are also checked for completeness and a duration or dimensions; the other
 * formats of the shared list (supabase/functions/_shared/content-formats.ts) by their magic
 * number (`file-type`), TXT/MD as UTF-8 text. Names and browser MIME types are claims; this checks
 * the content. The server checks the stored bytes again (verify-upload) before anything is released.
 */
import { fileTypeFromBuffer } from 'file-type';
import {
  describeDetected,
  extensionOf as dottedExtension,
  formatOfDetected,
  formatsForName,
  isPlainText,
  type ContentFormat,
} from '@/lib/content-formats';
import { parseFlac, parseMp3, parseWav } from './audio';
import { fromBlob, type ByteSource, type Parsed } from './byte-source';
import { parseAvi, parseIsoMedia } from './containers';
import { parseGif, parseJpeg, parsePng } from './images';

export { fromBlob, fromBytes, type ByteSource } from './byte-source';

export type MediaKind = 'audio' | 'video' | 'image' | 'document';

interface Format {
  label: string;
  mime: string;
  kind: MediaKind;
  parse: (src: ByteSource) => Promise<Parsed | null>;
}

const MP3: Format = { label: 'MP3', mime: 'audio/mpeg', kind: 'audio', parse: parseMp3 };
const WAV: Format = { label: 'WAV', mime: 'audio/wav', kind: 'audio', parse: parseWav };
const FLAC: Format = { label: 'FLAC', mime: 'audio/flac', kind: 'audio', parse: parseFlac };
const M4A: Format = { label: 'M4A', mime: 'audio/mp4', kind: 'audio', parse: parseIsoMedia };
const MP4: Format = { label: 'MP4', mime: 'video/mp4', kind: 'video', parse: parseIsoMedia };
const MOV: Format = { label: 'MOV', mime: 'video/quicktime', kind: 'video', parse: parseIsoMedia };
const AVI: Format = { label: 'AVI', mime: 'video/x-msvideo', kind: 'video', parse: parseAvi };
const JPEG: Format = { label: 'JPEG', mime: 'image/jpeg', kind: 'image', parse: parseJpeg };
const PNG: Format = { label: 'PNG', mime: 'image/png', kind: 'image', parse: parsePng };
const GIF: Format = { label: 'GIF', mime: 'image/gif', kind: 'image', parse: parseGif };

const BY_EXTENSION: Record<string, Format> = {
  mp3: MP3,
  wav: WAV,
  flac: FLAC,
  m4a: M4A,
  mp4: MP4,
  mov: MOV,
  avi: AVI,
  jpg: JPEG,
  jpeg: JPEG,
  png: PNG,
  gif: GIF,
};

/** Formats told apart by their first bytes, to say what an impostor really is. */
const OTHERS: [string, (b: Uint8Array) => boolean][] = [
  ['a Windows program', (b) => b[0] === 0x4d && b[1] === 0x5a],
  ['a Linux program', (b) => b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46],
  ['a Mac program', (b) => [0xcf, 0xce, 0xca].includes(b[0]!) && [0xfa, 0xfe].includes(b[1]!)],
  ['a ZIP archive', (b) => b[0] === 0x50 && b[1] === 0x4b],
  ['a PDF document', (b) => b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46],
];

export type SniffResult =
  | {
      ok: true;
      /** The canonical MIME type of what the bytes are. */
      mime: string;
      kind: MediaKind;
      durationSeconds?: number;
      width?: number;
      height?: number;
    }
  | { ok: false; reason: 'unsupported' | 'empty' | 'impostor' | 'truncated' | 'no-media'; message: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

async function whatItIs(src: ByteSource, expected: Format): Promise<string | null> {
  const head = await src.read(0, 8);
  for (const [label, test] of OTHERS) if (test(head)) return label;
  for (const format of new Set(Object.values(BY_EXTENSION))) {
    if (format.parse === expected.parse) continue;
    const parsed = await format.parse(src);
    if (parsed) return `a ${format.label} file`;
  }
  return null;
}

/** How much of a file `file-type` and the text check read. */
const HEAD_BYTES = 64 * 1024;

/** Formats without a hand-checked parser: the magic number (`file-type`) or, for TXT/MD, UTF-8 text. */
async function sniffByMagic(name: string, src: ByteSource, formats: ContentFormat[]): Promise<SniffResult> {
  const head = await src.read(0, HEAD_BYTES);
  const detected = await fileTypeFromBuffer(head);
  const claimed = formats[0]!;
  if (claimed.mime.startsWith('text/')) {
    if (!detected && isPlainText(head, src.size > head.length))
      return { ok: true, mime: claimed.mime, kind: 'document' };
  } else {
    const format = formatOfDetected(detected?.ext);
    if (format && format.extensions.includes(dottedExtension(name)))
      return { ok: true, mime: format.mime, kind: format.kind };
  }
  const actual = describeDetected(detected?.ext);
  return {
    ok: false,
    reason: 'impostor',
    message: actual
      ? `${name} is not a real ${claimed.label} file: its content is ${actual}.`
      : `${name} is not a real ${claimed.label} file: its content does not match its type.`,
  };
}

/** Check one file's content against its name. Reads only headers and a few kilobytes. */
export async function sniffSource(name: string, src: ByteSource): Promise<SniffResult> {
  const format = BY_EXTENSION[extensionOf(name)];
  const others = format ? [] : formatsForName(name);
  if (!format && others.length === 0)
    return { ok: false, reason: 'unsupported', message: `${name}: this file type is not supported.` };
  if (src.size === 0)
    return { ok: false, reason: 'empty', message: `${name} is empty (0 bytes), so there is nothing to upload.` };
  if (!format) return sniffByMagic(name, src, others);
  const parsed = await format.parse(src);
  if (!parsed) {
    const actual = await whatItIs(src, format);
    return {
      ok: false,
      reason: 'impostor',
      message: actual
        ? `${name} is not a real ${format.label} file: its content is ${actual}.`
        : `${name} is not a real ${format.label} file: its content does not match its type.`,
    };
  }
  if (!parsed.ok && parsed.problem === 'truncated')
    return {
      ok: false,
      reason: 'truncated',
      message: `${name} is incomplete: the file ends before its ${format.label} data does. Export or copy it again.`,
    };
  if (!parsed.ok)
    return {
      ok: false,
      reason: 'no-media',
      message:
        format.kind === 'image'
          ? `${name} has no readable image in it.`
          : `${name} has no playable ${format.kind} in it (no duration could be read).`,
    };
  return { ...parsed, mime: format.mime, kind: format.kind };
}

export function sniffFile(file: File): Promise<SniffResult> {
  return sniffSource(file.name, fromBlob(file));
}
