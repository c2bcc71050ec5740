/**
 * Storage object naming.
 * Invariants: path = `{userId}/{timestamp}-{title}.{ext}` in bucket `content`; the first folder is
 * always the owner's id (storage policies rely on it); the title part only holds [a-z0-9._-]
 * characters (safe as a storage key and in a URL), is never empty and at most 80 characters; the
 * extension is lower case and taken from the file name, else from the MIME type, else `bin`.
 */

const MAX_TITLE_LENGTH = 80;

const EXTENSION_BY_MIME: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/markdown': 'md',
};

/** "My Song (Final)" → "my-song-final"; empty or symbol-only → "untitled". */
export function sanitizeTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/[-.]{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, MAX_TITLE_LENGTH)
    .replace(/[-._]+$/g, '');
  return slug || 'untitled';
}

/** "Take.Final.WAV" → "wav"; no usable extension → from the MIME type → "bin". */
export function fileExtension(fileName: string, mimeType = ''): string {
  const dot = fileName.lastIndexOf('.');
  const raw = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (/^[a-z0-9]{1,8}$/.test(raw)) return raw;
  return EXTENSION_BY_MIME[mimeType.toLowerCase()] ?? 'bin';
}

/** File name without its extension: the default title. */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

export function buildObjectPath(input: {
  userId: string;
  title: string;
  fileName: string;
  mimeType?: string;
  timestamp: number;
}): string {
  if (!input.userId || input.userId.includes('/')) throw new Error('A user id is required for an upload path');
  return `${input.userId}/${Math.trunc(input.timestamp)}-${sanitizeTitle(input.title)}.${fileExtension(input.fileName, input.mimeType)}`;
}
