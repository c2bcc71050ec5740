import { Avatar, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface IdentityHeaderProps {
  image: string;
  imageRadius: 'md' | 'xl';
  name: string;
  /** Accessible label of the verified mark ('Verified artist'), or null when not verified. */
  verifiedLabel: string | null;
  badge: ReactNode;
  subtitle: string;
  actions?: ReactNode;
}

/** A dashboard's identity line: image, name with verified mark, a badge, the page name, actions. */
export function IdentityHeader({
  image,
  imageRadius,
  name,
  verifiedLabel,
  badge,
  subtitle,
  actions,
}: IdentityHeaderProps) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <Avatar src={image} alt="" size={64} radius={imageRadius} />
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <Title order={1} size="h2">
              {name}
            </Title>
            {verifiedLabel ? (
              <Tooltip label={verifiedLabel} withArrow>
                <IconRosetteDiscountCheckFilled
                  size={24}
                  color="var(--mantine-color-blue-4)"
                  aria-label={verifiedLabel}
                  role="img"
                />
              </Tooltip>
            ) : null}
          </Group>
          <Group gap={6}>
            {badge}
            <Text size="sm" c="dimmed">
              {subtitle}
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
