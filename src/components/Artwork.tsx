import { Avatar, Image, type MantineRadius } from '@mantine/core';
import type { CSSProperties } from 'react';
import { sampleArtworkParts } from '@/lib/sample-artwork';

interface ArtworkProps {
  src: string;
  /** Fixed size in px (thumbnails, avatars); without it the artwork fills its box (a banner in an AspectRatio). */
  size?: number;
  radius?: MantineRadius | '50%';
  /** An avatar: Mantine's Avatar for a real image; otherwise stacked above what it overlaps, as Avatar is. */
  avatar?: boolean;
  style?: CSSProperties;
}

const radiusOf = (radius: ArtworkProps['radius']) =>
  radius === undefined ? undefined : radius === '50%' ? '50%' : `var(--mantine-radius-${radius})`;

/**
 * A decorative image (`alt=""`): catalog artwork, the covers of locker drops. Sample artwork is
 * painted with CSS, the same gradient and label: as an <img>, each SVG data URL is a document of
 * its own that Chromium builds on the main thread when the image is inserted (5–12 ms each here,
 * four times that on a phone; three per card), with no lazy loading for data URLs. Any other URL
 * stays an image.
 */
export function Artwork({ src, size, radius, avatar = false, style }: ArtworkProps) {
  const parts = sampleArtworkParts(src);
  if (!parts) {
    if (avatar) return <Avatar src={src} alt="" size={size} radius={radius} style={style} />;
    return <Image src={src} alt="" w={size} h={size} radius={radius === '50%' ? undefined : radius} style={style} />;
  }
  return (
    <div
      aria-hidden="true"
      style={{
        // As Mantine's Avatar: above a banner it overlaps.
        position: avatar ? 'relative' : undefined,
        width: size ?? '100%',
        height: size ?? '100%',
        flexShrink: 0,
        borderRadius: radiusOf(radius),
        backgroundImage: `linear-gradient(to bottom right, ${parts.from}, ${parts.to})`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        // The label as the SVG draws it: 44 units of a 400×225 picture, scaled to cover the box
        // (a box without a fixed size is a size container, so the label scales with its height).
        fontSize: size ? Math.round((44 * size) / 225) : undefined,
        containerType: size || !parts.label ? undefined : 'size',
        fontWeight: 700,
        fontFamily: 'system-ui, sans-serif',
        color: 'rgba(255, 255, 255, 0.85)',
        lineHeight: 1,
        ...style,
      }}
    >
      {size || !parts.label ? (
        parts.label
      ) : (
        <span style={{ fontSize: `${(4400 / 225).toFixed(2)}cqh` }}>{parts.label}</span>
      )}
    </div>
  );
}
