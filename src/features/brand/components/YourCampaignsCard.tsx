import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';

/**
 * The brand's own campaigns, first on their dashboard. Bucket has no campaign tables yet, so a
 * brand has none: an honest empty state instead of sample reach passed off as theirs.
 */
export function YourCampaignsCard() {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="your-campaigns-heading">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id="your-campaigns-heading">
            Your campaigns
          </Title>
          <Badge color="teal" variant="light">
            Your data
          </Badge>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconSpeakerphone size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={2}>
            <Text fw={600} data-testid="own-campaigns">
              No campaigns yet
            </Text>
            <Text size="sm" c="dimmed">
              Reach, engaged fans and conversions appear here once you run a campaign on Bucket.
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}
