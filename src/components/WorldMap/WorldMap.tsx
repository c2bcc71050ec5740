import { Box, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { getWorldGeography, MAP_HEIGHT, MAP_WIDTH, projectPoint, type CountryShape } from './geography';
import { HIGH_ENGAGEMENT_THRESHOLD, markerGlow, markerRadius, referenceValue } from './marker-rules';
import classes from './WorldMap.module.css';

export interface MapMarker {
  id: string;
  label: string;
  lat: number;
  lng: number;
  /** Drives the marker size (fans, impressions…). */
  value: number;
  /** Percent; above 15 the marker uses the high-engagement glow. */
  engagement: number;
  /** Lines of the hover/focus detail card. */
  details: { label: string; value: string }[];
}

export interface WorldMapProps {
  markers: MapMarker[];
  /** Accessible name of the map, e.g. 'Fan geography'. */
  title: string;
  /** Legend text for the two glow colours. */
  engagementLabel?: string;
  baseRadius?: number;
  normalColor?: string;
  highColor?: string;
}

/** An offline world map (world-atlas + d3-geo) with value-sized, keyboard-focusable markers. */
const NO_SHAPES: readonly CountryShape[] = [];

export function WorldMap({
  markers,
  title,
  engagementLabel = 'Engagement',
  baseRadius = 7,
  normalColor = 'var(--mantine-color-cyan-4)',
  highColor = 'var(--mantine-color-orange-4)',
}: WorldMapProps) {
  // Projecting ~170 country outlines (≈ 0.1 s, once per page) and drawing them is a heavy first
  // render: the frame (its size fixed by the viewBox) paints first, the outlines and markers right
  // after, in an interruptible transition.
  const drawn = useAfterFirstPaint();
  const shapes = drawn ? getWorldGeography().shapes : NO_SHAPES;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [pinnedId, setPinnedId] = useState<string | null>(null);
  const detailId = useId();
  const glowId = useId().replace(/:/g, '');
  const { ref: frameRef, width } = useElementSize();
  // Keep markers legible on phones: at least ~6 screen pixels whatever the map's rendered width.
  const base = width > 0 ? Math.max(baseRadius, (4 * MAP_WIDTH) / width) : baseRadius;

  const placed = useMemo(() => {
    if (!drawn) return [];
    const reference = referenceValue(markers.map((marker) => marker.value));
    return (
      markers
        .map((marker) => {
          const point = projectPoint(marker.lng, marker.lat);
          if (!point) return null;
          const radius = markerRadius(marker.value, reference, base);
          const glow = markerGlow(marker.engagement);
          return { marker, x: point[0], y: point[1], radius, glow };
        })
        .filter((entry) => entry !== null)
        // Draw big markers first so small ones stay clickable on top.
        .sort((a, b) => b.radius - a.radius)
    );
  }, [markers, base, drawn]);

  const shownId = activeId ?? pinnedId;
  const shown = placed.find((entry) => entry.marker.id === shownId) ?? null;

  function onMarkerKey(event: KeyboardEvent, id: string) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setPinnedId((current) => (current === id ? null : id));
    } else if (event.key === 'Escape') {
      setPinnedId(null);
      setActiveId(null);
    }
  }

  return (
    <Stack gap="xs">
      <Box ref={frameRef} className={classes.frame} data-testid="world-map">
        <svg
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          className={classes.svg}
          role="group"
          aria-label={`${title} map`}
        >
          <defs>
            <filter id={glowId} x="-100%" y="-100%" width="300%" height="300%">
              <feGaussianBlur stdDeviation="6" />
            </filter>
          </defs>
          <g aria-hidden="true">
            {shapes.map((shape) => (
              <path key={shape.id} d={shape.d} className={classes.country} />
            ))}
          </g>
          {placed.map(({ marker, x, y, radius, glow }) => {
            const color = glow === 'high' ? highColor : normalColor;
            const summary = marker.details.map((line) => `${line.label} ${line.value}`).join(', ');
            return (
              <g
                key={marker.id}
                role="button"
                tabIndex={0}
                aria-label={`${marker.label}: ${summary}`}
                aria-pressed={pinnedId === marker.id}
                aria-describedby={shownId === marker.id ? detailId : undefined}
                data-glow={glow}
                data-testid="map-marker"
                className={classes.marker}
                onMouseEnter={() => setActiveId(marker.id)}
                onMouseLeave={() => setActiveId(null)}
                onFocus={() => setActiveId(marker.id)}
                onBlur={() => setActiveId(null)}
                onClick={() => setPinnedId((current) => (current === marker.id ? null : marker.id))}
                onKeyDown={(event) => onMarkerKey(event, marker.id)}
              >
                <circle cx={x} cy={y} r={radius * 1.6} fill={color} opacity={0.45} filter={`url(#${glowId})`} />
                <circle cx={x} cy={y} r={radius} fill={color} className={classes.dot} />
                {/* A generous invisible hit area for touch. */}
                <circle cx={x} cy={y} r={Math.max(radius, base * 2)} fill="transparent" />
              </g>
            );
          })}
        </svg>
        {shown ? (
          <Paper
            id={detailId}
            role="status"
            shadow="md"
            p="xs"
            radius="md"
            withBorder
            className={classes.detail}
            style={{
              left: `${Math.min(82, Math.max(18, (shown.x / MAP_WIDTH) * 100))}%`,
              top: `${(shown.y / MAP_HEIGHT) * 100}%`,
              transform: shown.y / MAP_HEIGHT < 0.45 ? 'translate(-50%, 18px)' : 'translate(-50%, calc(-100% - 18px))',
            }}
          >
            <Text fw={700} size="sm">
              {shown.marker.label}
            </Text>
            {shown.marker.details.map((line) => (
              <Group key={line.label} justify="space-between" gap="md" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {line.label}
                </Text>
                <Text size="xs" fw={600}>
                  {line.value}
                </Text>
              </Group>
            ))}
          </Paper>
        ) : (
          <VisuallyHidden>Hover, focus or tap a marker for details.</VisuallyHidden>
        )}
      </Box>
      <Group gap="md" justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed">
          Hover, focus or tap a marker for details. Size grows with volume (up to 2.5×).
        </Text>
        <Group gap="md" wrap="nowrap">
          <LegendDot color={normalColor} label={`${engagementLabel} ≤ ${HIGH_ENGAGEMENT_THRESHOLD}%`} />
          <LegendDot color={highColor} label={`${engagementLabel} > ${HIGH_ENGAGEMENT_THRESHOLD}%`} />
        </Group>
      </Group>
    </Stack>
  );
}

function LegendDot({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={10} h={10} style={{ borderRadius: '50%', background: color, boxShadow: `0 0 6px ${color}` }} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
