import { describe, expect, it } from 'vitest';
import { sampleArtworkParts } from '../../../src/lib/sample-artwork';
import { SAMPLE_ARTISTS, sampleArtwork } from '../../../src/sample/artists';

describe('sample artwork painted with CSS', () => {
  it('reads back the gradient and label that sampleArtwork drew', () => {
    const url = sampleArtwork('nyx-avatar', 'NH');
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    const parts = sampleArtworkParts(url);
    expect(parts?.label).toBe('NH');
    expect(svg).toContain(`stop-color="${parts?.from}"`);
    expect(svg).toContain(`stop-color="${parts?.to}"`);
    expect(parts?.from).toMatch(/^hsl\(\d+ 70% 45%\)$/);
    expect(parts?.to).toMatch(/^hsl\(\d+ 70% 22%\)$/);
    expect(sampleArtworkParts(sampleArtwork('nyx-banner'))?.label).toBe('');
  });
  it('covers every sample artist picture', () => {
    for (const artist of SAMPLE_ARTISTS) {
      for (const url of [artist.avatar, artist.banner, artist.latestDrop.thumbnail]) {
        expect(sampleArtworkParts(url), url.slice(0, 40)).not.toBeNull();
      }
    }
  });
  it('leaves any other image alone', () => {
    expect(sampleArtworkParts('https://cdn.example.test/a.png')).toBeNull();
    expect(sampleArtworkParts('data:image/png;base64,AAAA')).toBeNull();
    const drawn =
      'data:image/svg+xml;charset=utf-8,' +
      encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>');
    expect(sampleArtworkParts(drawn)).toBeNull();
  });
});
