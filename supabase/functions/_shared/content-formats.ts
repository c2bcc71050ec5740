/**
 * The one list of content formats Bucket stores, shared by the client check
 * (src/features/uploads/sniff) and the server check (supabase/functions/verify-upload).
 * Invariants: a format is known by what `file-type` detects in its bytes (its `ext`), never by a
 * file name; `mime` is the canonical type a content row and its stored object carry (what the
 * database compares); a name's extension must be one of the format's `extensions`. Plain text
 * (TXT, MD) has no magic number: it is accepted only when `file-type` detects nothing and the
 * bytes are valid UTF-8 without NUL bytes. Runtime-neutral (browser, Node, Deno): no imports.
 */

export type ContentKind = 'audio' | 'video' | 'image' | 'document';

export interface ContentFormat {
  /** Shown in messages ("not a real FLAC file"). */
  label: string;
  /** Canonical MIME type of rows and objects. */
  mime: string;
  kind: ContentKind;
  /** File-name extensions (lower case, with the dot) this format may carry. */
  extensions: readonly string[];
}

/** Keyed by `file-type`'s `ext` for the format. */
export const CONTENT_FORMATS: Readonly<Record<string, ContentFormat>> = {
  mp3: { label: 'MP3', mime: 'audio/mpeg', kind: 'audio', extensions: ['.mp3'] },
  wav: { label: 'WAV', mime: 'audio/wav', kind: 'audio', extensions: ['.wav'] },
  flac: { label: 'FLAC', mime: 'audio/flac', kind: 'audio', extensions: ['.flac'] },
  m4a: { label: 'M4A', mime: 'audio/mp4', kind: 'audio', extensions: ['.m4a'] },
  aac: { label: 'AAC', mime: 'audio/aac', kind: 'audio', extensions: ['.aac'] },
  ogg: { label: 'OGG', mime: 'audio/ogg', kind: 'audio', extensions: ['.ogg', '.oga'] },
  oga: { label: 'OGG', mime: 'audio/ogg', kind: 'audio', extensions: ['.ogg', '.oga'] },
  opus: { label: 'Opus', mime: 'audio/ogg', kind: 'audio', extensions: ['.opus', '.ogg'] },
  aif: { label: 'AIFF', mime: 'audio/aiff', kind: 'audio', extensions: ['.aiff', '.aif'] },
  mp4: { label: 'MP4', mime: 'video/mp4', kind: 'video', extensions: ['.mp4', '.m4v'] },
  m4v: { label: 'M4V', mime: 'video/mp4', kind: 'video', extensions: ['.m4v', '.mp4'] },
  mov: { label: 'MOV', mime: 'video/quicktime', kind: 'video', extensions: ['.mov'] },
  avi: { label: 'AVI', mime: 'video/x-msvideo', kind: 'video', extensions: ['.avi'] },
  webm: { label: 'WebM', mime: 'video/webm', kind: 'video', extensions: ['.webm'] },
  mkv: { label: 'MKV', mime: 'video/x-matroska', kind: 'video', extensions: ['.mkv'] },
  jpg: { label: 'JPEG', mime: 'image/jpeg', kind: 'image', extensions: ['.jpg', '.jpeg'] },
  png: { label: 'PNG', mime: 'image/png', kind: 'image', extensions: ['.png'] },
  gif: { label: 'GIF', mime: 'image/gif', kind: 'image', extensions: ['.gif'] },
  webp: { label: 'WebP', mime: 'image/webp', kind: 'image', extensions: ['.webp'] },
  avif: { label: 'AVIF', mime: 'image/avif', kind: 'image', extensions: ['.avif'] },
  heic: { label: 'HEIC', mime: 'image/heic', kind: 'image', extensions: ['.heic'] },
  pdf: { label: 'PDF', mime: 'application/pdf', kind: 'document', extensions: ['.pdf'] },
};

/** Text formats: no magic number; checked as UTF-8 text. */
export const TEXT_FORMATS: Readonly<Record<string, ContentFormat>> = {
  '.txt': { label: 'TXT', mime: 'text/plain', kind: 'document', extensions: ['.txt'] },
  '.md': { label: 'MD', mime: 'text/markdown', kind: 'document', extensions: ['.md'] },
};

/** What some detected non-content formats are, in words ("its content is a Linux program"). */
const OTHER_KINDS: Readonly<Record<string, string>> = {
  elf: 'a Linux program',
  exe: 'a Windows program',
  macho: 'a Mac program',
  zip: 'a ZIP archive',
  '7z': 'a 7-Zip archive',
  rar: 'a RAR archive',
  gz: 'a gzip archive',
  tar: 'a TAR archive',
  xml: 'an XML document',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The format `file-type` detected, by its ext; undefined for anything Bucket does not store. */
export function formatOfDetected(ext: string | undefined): ContentFormat | undefined {
  return ext && Object.hasOwn(CONTENT_FORMATS, ext) ? CONTENT_FORMATS[ext] : undefined;
}

/** Every format a file name may claim (several for `.ogg`, `.mp4`/`.m4v`). */
export function formatsForName(name: string): ContentFormat[] {
  const extension = extensionOf(name);
  const text = Object.hasOwn(TEXT_FORMATS, extension) ? TEXT_FORMATS[extension] : undefined;
  if (text) return [text];
  return Object.values(CONTENT_FORMATS).filter((format) => format.extensions.includes(extension));
}

/** "a Linux program", "a PNG file", or null when unknown. */
export function describeDetected(ext: string | undefined): string | null {
  if (!ext) return null;
  if (Object.hasOwn(OTHER_KINDS, ext)) return OTHER_KINDS[ext] ?? null;
  const format = formatOfDetected(ext);
  return format ? `a ${format.label} file` : `a .${ext} file`;
}

/** Plain text: valid UTF-8 without NUL bytes (what a .txt or .md must be); `partial` = the start
 * of a longer file (a character cut at the end is not an error). */
export function isPlainText(bytes: Uint8Array, partial = false): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}
