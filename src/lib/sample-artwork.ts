/**
 * The two colours and the label of an image made by `sampleArtwork` (src/sample/artists.ts: a
 * diagonal two-stop gradient as an SVG data URL), or null for any other image URL.
 */
export function sampleArtworkParts(url: string): { from: string; to: string; label: string } | null {
  if (!url.startsWith('data:image/svg+xml')) return null;
  const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
  const [from, to, ...rest] = [...svg.matchAll(/stop-color="([^"]+)"/g)].map((match) => match[1]!);
  if (!from || !to || rest.length > 0) return null;
  return { from, to, label: /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? '' };
}
