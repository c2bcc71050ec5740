import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { THEME_CLUSTERS, type ThemeNode } from '../sample-insights';
import { SectionCard } from '@/components/dashboard';

const SIZE = 400;
const toX = (x: number) => SIZE / 2 + (x / 100) * (SIZE / 2 - 40);
const toY = (y: number) => SIZE / 2 - (y / 100) * (SIZE / 2 - 40);
const cssColor = (mantine: string) => `var(--mantine-color-${mantine.replace('.', '-')})`;

/** The ten central themes in their 2-D embedding, with connections and clusters; nodes are focusable. */
export function ThemeVectorSpaceCard({ themes }: { themes: ThemeNode[] }) {
  const [activeTheme, setActiveTheme] = useState<string | null>(null);
  const byName = new Map(themes.map((node) => [node.theme, node]));
  const active = activeTheme ? byName.get(activeTheme) : undefined;
  const edges = themes.flatMap((node) =>
    node.connections
      .filter((target) => node.theme < target && byName.has(target))
      .map((target) => [node, byName.get(target)!] as const),
  );

  return (
    <SectionCard
      title="Theme Vector Space"
      description="Ten central themes of your artist network, in clusters"
      testId="theme-vector-space"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Box pos="relative">
          <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width="100%" role="group" aria-label="Theme vector space">
            <rect
              width={SIZE}
              height={SIZE}
              rx={12}
              fill="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
            />
            <line
              x1={SIZE / 2}
              y1={16}
              x2={SIZE / 2}
              y2={SIZE - 16}
              stroke="var(--mantine-color-dimmed)"
              strokeOpacity={0.2}
            />
            <line
              x1={16}
              y1={SIZE / 2}
              x2={SIZE - 16}
              y2={SIZE / 2}
              stroke="var(--mantine-color-dimmed)"
              strokeOpacity={0.2}
            />
            <g aria-hidden="true">
              {edges.map(([from, to]) => {
                const lit = activeTheme === from.theme || activeTheme === to.theme;
                return (
                  <line
                    key={`${from.theme}-${to.theme}`}
                    x1={toX(from.x)}
                    y1={toY(from.y)}
                    x2={toX(to.x)}
                    y2={toY(to.y)}
                    stroke={lit ? 'var(--mantine-color-text)' : 'var(--mantine-color-dimmed)'}
                    strokeOpacity={lit ? 0.9 : 0.35}
                    strokeWidth={lit ? 2 : 1}
                  />
                );
              })}
            </g>
            {themes.map((node) => {
              const r = 6 + (node.strength / 100) * 12;
              const x = toX(node.x);
              const y = toY(node.y);
              return (
                <g
                  key={node.theme}
                  role="button"
                  tabIndex={0}
                  aria-label={`${node.theme}, strength ${node.strength}, cluster ${node.cluster}, artists ${node.artists.join(', ')}`}
                  aria-pressed={activeTheme === node.theme}
                  style={{ cursor: 'pointer', outline: 'none' }}
                  onMouseEnter={() => setActiveTheme(node.theme)}
                  onFocus={() => setActiveTheme(node.theme)}
                  onClick={() => setActiveTheme(node.theme)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      setActiveTheme(node.theme);
                    }
                  }}
                  data-testid="theme-node"
                >
                  <circle
                    cx={x}
                    cy={y}
                    r={r}
                    fill={cssColor(node.color)}
                    fillOpacity={activeTheme === node.theme ? 1 : 0.75}
                    stroke={activeTheme === node.theme ? 'var(--mantine-color-text)' : 'none'}
                    strokeWidth={2}
                  />
                  <text
                    x={x}
                    y={y - r - 5}
                    textAnchor="middle"
                    fontSize={11}
                    fontWeight={600}
                    fill="var(--mantine-color-text)"
                    stroke="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
                    strokeWidth={3}
                    paintOrder="stroke"
                  >
                    {node.theme}
                  </text>
                </g>
              );
            })}
          </svg>
        </Box>
        <Stack gap="sm">
          <Paper withBorder radius="md" p="md" aria-live="polite">
            {active ? (
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text fw={700}>{active.theme}</Text>
                  <Badge color={active.color.split('.')[0]} variant="light">
                    {active.cluster}
                  </Badge>
                </Group>
                <Text size="sm">Strength {active.strength}/100</Text>
                <Text size="sm" c="dimmed">
                  Connected to {active.connections.join(', ')}
                </Text>
                <Text size="sm" c="dimmed">
                  Artists: {active.artists.join(', ')}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Hover, focus or tap a theme to see its connections and artists.
              </Text>
            )}
          </Paper>
          {THEME_CLUSTERS.map((cluster) => (
            <Stack key={cluster.name} gap={6}>
              <Group gap={8}>
                <Box w={12} h={12} style={{ borderRadius: '50%', background: cssColor(cluster.color) }} />
                <Text size="sm" fw={700}>
                  {cluster.name}
                </Text>
              </Group>
              <Group gap={6}>
                {themes
                  .filter((node) => node.cluster === cluster.name)
                  .map((node) => (
                    <Badge key={node.theme} variant="outline" color={cluster.color.split('.')[0]} size="sm">
                      {node.theme} · {node.strength}
                    </Badge>
                  ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      </SimpleGrid>
    </SectionCard>
  );
}
