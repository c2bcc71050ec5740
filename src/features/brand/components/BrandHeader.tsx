import { Avatar, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BrandAnalytics } from '../sample-analytics';

export function BrandHeader({ brand, actions }: { brand: BrandAnalytics['brand']; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <Avatar src={brand.logo} alt="" size={64} radius="md" />
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <Title order={1} size="h2">
              {brand.name}
            </Title>
            {brand.verified ? (
              <Tooltip label="Verified brand" withArrow>
                <IconRosetteDiscountCheckFilled
                  size={24}
                  color="var(--mantine-color-blue-4)"
                  aria-label="Verified brand"
                  role="img"
                />
              </Tooltip>
            ) : null}
          </Group>
          <Group gap={6}>
            <Badge color="blue" variant="light">
              {brand.industry}
            </Badge>
            <Text size="sm" c="dimmed">
              Brand Dashboard
            </Text>
          </Group>
        </Stack>
      </Group>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
