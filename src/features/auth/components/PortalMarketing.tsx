import { Anchor, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ROLE_DISPLAY } from '@/lib/roles';
import { ROLE_ICONS } from '@/components/role-icons';

export type PortalRole = 'artist' | 'brand' | 'developer';

const BENEFITS: Record<PortalRole, { headline: string; items: string[] }> = {
  artist: {
    headline: 'Monetize your work with daily drops and subscriber tiers.',
    items: [
      'Release daily drops to your most engaged fans',
      'Subscriber tiers from Free to Tier 3',
      'Upload into your personal bucket',
      'Collaborate with brands that fit your culture',
    ],
  },
  brand: {
    headline: 'Connect with engaged communities through privacy-first collaboration.',
    items: [
      'Run targeted campaigns with underground artists',
      'Reach fans who opted in to brand partnerships',
      'View campaign analytics and audience insights',
      'Measure cultural fit before you commit',
    ],
  },
  developer: {
    headline: 'Build privacy-first experiences on MediaID.',
    items: [
      'OAuth2 API access for your applications',
      'User preference data, shared with consent',
      'Identity and preference APIs',
      'Scopes for media, preferences, events and analytics',
    ],
  },
};

const OTHER_LOGINS = [
  { to: '/welcome', label: 'Fan Login' },
  { to: '/artist/login', label: 'Artist Portal' },
  { to: '/brand/login', label: 'Brand Portal' },
  { to: '/developer/login', label: 'Developer Portal' },
] as const;

/** The marketing panel of a role portal: benefits and links to the other logins and /catalog. */
export function PortalMarketing({ role }: { role: PortalRole }) {
  const { name, color, description } = ROLE_DISPLAY[role];
  const Icon = ROLE_ICONS[role];
  const { headline, items } = BENEFITS[role];
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={color} size="xl" radius="xl" aria-hidden>
          <Icon />
        </ThemeIcon>
        <Title order={1}>{name} Portal</Title>
      </Group>
      <Text size="lg">{headline}</Text>
      <Text c="dimmed">{description}</Text>
      <List
        spacing="xs"
        icon={
          <ThemeIcon color={color} size={22} radius="xl" variant="light" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Group gap="md" mt="sm">
        {OTHER_LOGINS.filter((link) => link.to !== `/${role}/login`).map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ))}
        <Anchor component={Link} to="/catalog" size="sm">
          Explore Artists
        </Anchor>
      </Group>
    </Stack>
  );
}
