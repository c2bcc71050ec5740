import { Box, type MantineStyleProp, type StyleProp } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

/**
 * Mounts `children` once their place comes within `margin` of the viewport (Mantine's
 * IntersectionObserver hook), and keeps them mounted. Until then the place keeps `reserve` of
 * height, so nothing below moves when they arrive: content below the fold costs no code, render
 * or layout at start-up, and is ready before the fan scrolls to it.
 */
export function MountNearViewport({
  children,
  reserve,
  margin = '600px',
  style,
}: {
  children: ReactNode;
  reserve: StyleProp<number>;
  margin?: string;
  style?: MantineStyleProp;
}) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: `${margin} 0px` });
  const [near, setNear] = useState(false);
  // Sticky: once near, it stays mounted (state adjusted while rendering, React's derived-state way).
  if (entry?.isIntersecting && !near) setNear(true);
  return (
    <Box ref={ref} mih={near ? undefined : reserve} style={style}>
      {near ? children : null}
    </Box>
  );
}
