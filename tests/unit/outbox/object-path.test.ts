import { describe, expect, it } from 'vitest';
import { buildObjectPath, fileExtension, sanitizeTitle, titleFromFileName } from '../../../sync/outbox/object-path';

describe('object path naming', () => {
  it('builds {userId}/{timestamp}-{title}.{ext}', () => {
    expect(buildObjectPath({ userId: 'u-1', title: 'Night Drive', fileName: 'nd.WAV', timestamp: 1700000000000 })).toBe(
      'u-1/1700000000000-night-drive.wav',
    );
  });

  it('sanitises titles into safe storage keys', () => {
    expect(sanitizeTitle('Café del Mar (Remix) #2')).toBe('cafe-del-mar-remix-2');
    expect(sanitizeTitle('../../etc/passwd')).toBe('etc-passwd');
    expect(sanitizeTitle('🔥🔥')).toBe('untitled');
    expect(sanitizeTitle('   ')).toBe('untitled');
    expect(sanitizeTitle('a'.repeat(200))).toHaveLength(80);
    expect(sanitizeTitle('Ünïcödé / Slash\\Back')).toBe('unicode-slash-back');
  });

  it('never lets the title escape the user folder', () => {
    const path = buildObjectPath({ userId: 'me', title: '../other/x', fileName: 'a.mp3', timestamp: 1 });
    expect(path.split('/')).toHaveLength(2);
    expect(path.startsWith('me/')).toBe(true);
    expect(() => buildObjectPath({ userId: '', title: 'x', fileName: 'a.mp3', timestamp: 1 })).toThrow();
    expect(() => buildObjectPath({ userId: 'a/b', title: 'x', fileName: 'a.mp3', timestamp: 1 })).toThrow();
  });

  it('takes the extension from the name, else the MIME type, else bin', () => {
    expect(fileExtension('Take.Final.FLAC')).toBe('flac');
    expect(fileExtension('noext', 'audio/mpeg')).toBe('mp3');
    expect(fileExtension('.hidden', 'image/png')).toBe('png');
    expect(fileExtension('weird.???', '')).toBe('bin');
  });

  it('default title is the file name without its extension', () => {
    expect(titleFromFileName('My Track.final.mp3')).toBe('My Track.final');
    expect(titleFromFileName('README')).toBe('README');
  });
});
