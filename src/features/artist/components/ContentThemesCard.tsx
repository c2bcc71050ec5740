import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { ArtistAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

export function ContentThemesCard({ themes }: { themes: ArtistAnalytics['contentThemes'] }) {
  const max = Math.max(...themes.map((theme) => theme.count), 1);
  return (
    <SectionCard title="Content Themes" description="What your catalog is about" testId="content-themes">
      <Stack gap="sm">
        {[...themes]
          .sort((a, b) => b.count - a.count)
          .map((theme) => (
            <Stack key={theme.theme} gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{theme.theme}</Text>
                <Badge variant="light" color={theme.color} size="sm">
                  {theme.count} tracks
                </Badge>
              </Group>
              <Progress
                value={(theme.count / max) * 100}
                color={theme.color}
                size="sm"
                aria-label={`${theme.theme}: ${theme.count} tracks`}
              />
            </Stack>
          ))}
      </Stack>
    </SectionCard>
  );
}
