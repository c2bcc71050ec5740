import { describe, expect, it } from 'vitest';
import {
  isAcceptedFile,
  MANAGER_ACCEPT,
  MANAGER_TYPES_LABEL,
  rejectionMessage,
  SIMPLE_ACCEPT,
} from '../../../src/features/uploads/accepted-types';

describe('accepted upload types', () => {
  it('upload manager: only mp3, wav, flac, m4a, mp4, mov, avi, jpg, jpeg, png, gif', () => {
    for (const [name, type] of [
      ['a.mp3', 'audio/mpeg'],
      ['a.WAV', 'audio/wav'],
      ['a.flac', 'audio/flac'],
      ['a.m4a', 'audio/x-m4a'],
      ['a.mp4', 'video/mp4'],
      ['a.mov', 'video/quicktime'],
      ['a.avi', 'video/x-msvideo'],
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.mp3', ''],
    ]) {
      expect(isAcceptedFile(name!, type!, MANAGER_ACCEPT), name).toBe(true);
    }
    expect(isAcceptedFile('a.pdf', 'application/pdf', MANAGER_ACCEPT)).toBe(false);
    expect(isAcceptedFile('a.webp', 'image/webp', MANAGER_ACCEPT)).toBe(false);
    expect(isAcceptedFile('evil.exe', 'audio/mpeg', MANAGER_ACCEPT)).toBe(false);
    expect(isAcceptedFile('song.mp3', 'application/x-msdownload', MANAGER_ACCEPT)).toBe(false);
    expect(isAcceptedFile('noext', 'audio/mpeg', MANAGER_ACCEPT)).toBe(false);
  });

  it('simple upload: audio, image, video, pdf, txt, md', () => {
    expect(isAcceptedFile('a.pdf', 'application/pdf', SIMPLE_ACCEPT)).toBe(true);
    expect(isAcceptedFile('notes.md', '', SIMPLE_ACCEPT)).toBe(true);
    expect(isAcceptedFile('notes.txt', 'text/plain', SIMPLE_ACCEPT)).toBe(true);
    expect(isAcceptedFile('a.ogg', 'audio/ogg', SIMPLE_ACCEPT)).toBe(true);
    expect(isAcceptedFile('a.zip', 'application/zip', SIMPLE_ACCEPT)).toBe(false);
  });

  it('gives a clear message for each refusal', () => {
    expect(rejectionMessage('x.pdf', 'file-invalid-type', MANAGER_TYPES_LABEL)).toBe(
      'x.pdf: this file type is not supported. Accepted types: MP3, WAV, FLAC, M4A, MP4, MOV, AVI, JPG, JPEG, PNG, GIF.',
    );
    expect(rejectionMessage('big.wav', 'file-too-large', '')).toBe('big.wav is too large to upload.');
    expect(rejectionMessage('e.wav', 'file-too-small', '')).toBe('e.wav is empty or too small to upload.');
    expect(rejectionMessage('n.wav', 'too-many-files', '')).toMatch(/^Too many files at once/);
  });
});
