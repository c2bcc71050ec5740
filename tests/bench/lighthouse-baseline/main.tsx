// The Lighthouse bench's reference page: the app's stack (React + Mantine with all of Mantine's core
// CSS, built by the project's Vite config) rendering a heading and four cards, nothing else.
import '@mantine/core/styles.css';
import { Card, Container, MantineProvider, SimpleGrid, Text, Title } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const cards = ['Daily drops', 'Offline locker', 'Private MediaID', 'Brand collabs'];

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider defaultColorScheme="dark">
      <Container size="md" py="xl">
        <Title order={1}>Baseline page</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="lg">
          {cards.map((title) => (
            <Card key={title} withBorder padding="lg">
              <Title order={3}>{title}</Title>
              <Text c="dimmed">A card of the same stack, with nothing loaded before the first paint.</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </MantineProvider>
  </StrictMode>,
);
