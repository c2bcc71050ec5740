import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendar, IconUsers } from '@tabler/icons-react';
import { notifyComingSoon } from '@/lib/coming-soon';
import { OPPORTUNITIES } from '../sample-offers';

export function OpportunitiesTab() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {OPPORTUNITIES.map((opportunity) => (
        <Card key={opportunity.id} withBorder radius="lg" padding="lg" data-testid="opportunity-card">
          <Stack gap="sm" h="100%">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Avatar src={opportunity.brand.avatar} alt="" radius="md" />
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {opportunity.brand.name}
                  </Text>
                  {opportunity.brand.verified ? (
                    <Text size="xs" c="blue.4">
                      Verified brand
                    </Text>
                  ) : null}
                </Stack>
              </Group>
              <Badge color={opportunity.matchScore >= 85 ? 'green' : 'yellow'}>{opportunity.matchScore}% match</Badge>
            </Group>
            <Text fw={800} component="h3" m={0} size="md">
              {opportunity.title}
            </Text>
            <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
              {opportunity.description}
            </Text>
            <Group gap={4}>
              {opportunity.tags.map((tag) => (
                <Badge key={tag} variant="outline" size="xs">
                  {tag}
                </Badge>
              ))}
            </Group>
            <Stack gap={2}>
              <Group gap={6}>
                <IconUsers size={14} aria-hidden />
                <Text size="xs">{opportunity.targetAudience}</Text>
              </Group>
              <Group gap={6}>
                <IconCalendar size={14} aria-hidden />
                <Text size="xs">Deadline {opportunity.deadline}</Text>
              </Group>
            </Stack>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{opportunity.budget}</Text>
              <Button size="sm" onClick={() => notifyComingSoon('Submit Proposal')}>
                Submit Proposal
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
