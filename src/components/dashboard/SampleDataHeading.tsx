import { Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';

/** Separates a user's own figures from the spec's sample analytics that follow it. */
export function SampleDataHeading({ id = 'sample-data-heading' }: { id?: string }) {
  return (
    <Stack gap={4} mt="md">
      <Divider />
      <Group gap="xs" mt="sm">
        <Title order={2} size="h3" id={id}>
          Sample data — a preview of what your analytics will look like
        </Title>
        <Badge color="gray" variant="outline">
          Sample
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        These figures are made up; none of them are yours.
      </Text>
    </Stack>
  );
}
