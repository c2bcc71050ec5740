/**
 * File types the upload dialogs accept
 * and the texts shown for refused files. A file must have an accepted extension AND an accepted
 * (or empty, as some systems report) MIME type.
 */

/** Upload manager: audio mp3, wav, flac, m4a; video mp4, mov, avi; images jpg, jpeg, png, gif. */
export const MANAGER_ACCEPT: Record<string, string[]> = {
  'audio/mpeg': ['.mp3'],
  'audio/mp3': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/wave': ['.wav'],
  'audio/vnd.wave': ['.wav'],
  'audio/flac': ['.flac'],
  'audio/x-flac': ['.flac'],
  'audio/mp4': ['.m4a'],
  'audio/x-m4a': ['.m4a'],
  'audio/m4a': ['.m4a'],
  'video/mp4': ['.mp4'],
  'video/quicktime': ['.mov'],
  'video/x-msvideo': ['.avi'],
  'video/avi': ['.avi'],
  'video/msvideo': ['.avi'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
};

/** Simple upload modal: audio, image, video, pdf, txt and md. */
export const SIMPLE_ACCEPT: Record<string, string[]> = {
  'audio/*': ['.mp3', '.wav', '.flac', '.m4a', '.aac', '.ogg', '.oga', '.opus', '.aiff', '.aif', '.webm'],
  'image/*': ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.heic'],
  'video/*': ['.mp4', '.mov', '.avi', '.webm', '.mkv', '.m4v'],
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt'],
  'text/markdown': ['.md'],
  'text/x-markdown': ['.md'],
};

export const MANAGER_TYPES_LABEL = 'MP3, WAV, FLAC, M4A, MP4, MOV, AVI, JPG, JPEG, PNG, GIF';
export const SIMPLE_TYPES_LABEL = 'audio, image, video, PDF, TXT, MD';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

function mimeMatches(pattern: string, type: string): boolean {
  if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** Pure: is this file (name + MIME type) allowed by an accept map? */
export function isAcceptedFile(name: string, type: string, accept: Record<string, string[]>): boolean {
  const extension = extensionOf(name);
  const mime = type.toLowerCase();
  const generic = mime === '' || mime === 'application/octet-stream';
  return Object.entries(accept).some(
    ([pattern, extensions]) => extensions.includes(extension) && (generic || mimeMatches(pattern, mime)),
  );
}

export type RejectionCode = 'file-invalid-type' | 'file-too-large' | 'file-too-small' | 'too-many-files' | string;

/** Clear message per refused file (react-dropzone error codes). */
export function rejectionMessage(name: string, code: RejectionCode, typesLabel: string): string {
  switch (code) {
    case 'file-invalid-type':
      return `${name}: this file type is not supported. Accepted types: ${typesLabel}.`;
    case 'file-too-large':
      return `${name} is too large to upload.`;
    case 'file-too-small':
      return `${name} is empty or too small to upload.`;
    case 'too-many-files':
      return `Too many files at once: ${name} was not added. Add fewer files and try again.`;
    default:
      return `${name} could not be added.`;
  }
}
