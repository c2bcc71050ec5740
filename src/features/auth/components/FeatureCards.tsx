import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck, IconSparkles, IconUsersGroup } from '@tabler/icons-react';

const FEATURES = [
  {
    title: 'Daily Artist Drops',
    text: 'Unlock exclusive music, video and bonus content from underground artists every day.',
    icon: IconSparkles,
    color: 'yellow',
  },
  {
    title: 'Privacy-First',
    text: 'Your MediaID keeps your interests and data-sharing choices under your control, per role.',
    icon: IconShieldCheck,
    color: 'violet',
  },
  {
    title: 'Cultural Collabs',
    text: 'Brands and artists build authentic collaborations with the communities that care.',
    icon: IconUsersGroup,
    color: 'green',
  },
] as const;

/** The landing page's three feature cards. */
export function FeatureCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {FEATURES.map(({ title, text, icon: Icon, color }) => (
        <Card key={title} withBorder radius="lg" padding="lg">
          <ThemeIcon color={color} size="lg" radius="md" variant="light" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Title order={3} size="h4" mt="sm">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
