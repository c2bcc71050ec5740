import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconCode, IconHeadphones, IconMicrophone2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { ROLE_DISPLAY, type SelfSignupRole } from '@/lib/roles';
import { SignedInNotice, useArrivedSignedIn } from '@/features/auth';

interface Portal {
  role: SelfSignupRole;
  label: string;
  to: '/welcome' | '/artist/login' | '/brand/login' | '/developer/login';
  blurb: string;
  Icon: ComponentType<{ size?: number }>;
}

const PORTALS: Portal[] = [
  {
    role: 'fan',
    label: 'Fan Login',
    to: '/welcome',
    blurb: 'Discover underground artists and unlock exclusive content, daily drops, your Daily Locker and rewards.',
    Icon: IconHeadphones,
  },
  {
    role: 'artist',
    label: 'Artist Portal',
    to: '/artist/login',
    blurb: 'Monetize your work with daily drops and subscriber tiers, fill your bucket and collaborate with brands.',
    Icon: IconMicrophone2,
  },
  {
    role: 'brand',
    label: 'Brand Portal',
    to: '/brand/login',
    blurb: 'Connect with engaged communities, run campaigns and see campaign analytics.',
    Icon: IconBriefcase,
  },
  {
    role: 'developer',
    label: 'Developer Portal',
    to: '/developer/login',
    blurb: 'Build privacy-first experiences with OAuth applications and identity/preference APIs.',
    Icon: IconCode,
  },
];

const MORE_LINKS = [
  { to: '/catalog', label: 'Explore Artists' },
  { to: '/welcome', label: 'General Login' },
  { to: '/bucket-demo', label: 'Bucket Demo' },
  { to: '/locker-demo', label: 'Locker Demo' },
  { to: '/BTI', label: 'BTI Artist' },
  { to: '/test', label: 'Test Dashboard' },
] as const;

/** `/` — the home page of the route table: four portals and the public links. */
export function LandingPage() {
  const signedIn = useArrivedSignedIn();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <Badge variant="light" size="lg">
            Local-first · works offline
          </Badge>
          <Title order={1} fz={{ base: 34, sm: 52 }}>
            Bucket &amp; MediaID
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            The home for exclusive underground content and privacy-first brand collaboration. One MediaID per role, your
            data on your device.
          </Text>
        </Stack>

        {signedIn ? (
          <Container size={560} px={0} w="100%">
            <SignedInNotice user={signedIn} />
          </Container>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {PORTALS.map(({ role, label, to, blurb, Icon }) => {
            const { color } = ROLE_DISPLAY[role];
            return (
              <Card key={role} withBorder padding="lg" radius="lg">
                <Stack gap="sm" h="100%">
                  <ThemeIcon size={44} radius="md" color={color} variant="light">
                    <Icon size={24} />
                  </ThemeIcon>
                  <Title order={2} size="h3">
                    {label}
                  </Title>
                  <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                    {blurb}
                  </Text>
                  <Button component={Link} to={to} color={color} variant="light" fullWidth>
                    Open {label}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>

        <nav aria-label="More of Bucket">
          <Group justify="center" gap="sm">
            {MORE_LINKS.map((link) => (
              <Button key={link.label} component={Link} to={link.to} variant="default" radius="xl">
                {link.label}
              </Button>
            ))}
          </Group>
        </nav>
      </Stack>
    </Container>
  );
}
