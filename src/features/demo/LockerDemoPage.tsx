import { Box, Chip, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ArtistDashboard } from '@/features/artist';
import { BrandDashboard } from '@/features/brand';
import { CollaborationHub, CulturalCollaborationPortal, type CollabUserType } from '@/features/collab';
import { DEMO_VIEWS, isDemoView, type DemoView } from './locker-demo/demo-views';
import { LockerA, LockerB } from './locker-demo/LockerViews';
import { MessageCenter } from './locker-demo/MessageCenter';

/** `/locker-demo` — switch between the lockers, message center, collaboration screens and dashboards. */
export function LockerDemoPage() {
  const [view, setView] = useState<DemoView>('locker-a');
  const [userType, setUserType] = useState<CollabUserType>('artist');
  const collabView = view === 'collab-portal' || view === 'collab-hub';

  return (
    <Stack gap={0}>
      <Container size="xl" w="100%" pt={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={1} size="h2">
            Locker Demo
          </Title>
          <Text c="dimmed" size="sm">
            Sample data only: nothing here is sent anywhere.
          </Text>
          <Chip.Group multiple={false} value={view} onChange={(next) => isDemoView(next) && setView(next)}>
            <Group gap={6} role="radiogroup" aria-label="Demo view">
              {DEMO_VIEWS.map((entry) => (
                <Chip key={entry.value} value={entry.value} size="sm" variant="light">
                  {entry.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {collabView ? (
            <SegmentedControl
              aria-label="View as"
              w="fit-content"
              value={userType}
              onChange={(next) => setUserType(next === 'brand' ? 'brand' : 'artist')}
              data={[
                { value: 'artist', label: 'View as Artist' },
                { value: 'brand', label: 'View as Brand' },
              ]}
            />
          ) : null}
        </Stack>
      </Container>
      <Box data-testid="locker-demo-view" data-view={view}>
        {view === 'locker-a' || view === 'locker-b' || view === 'messages' ? (
          <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
            {view === 'locker-a' ? <LockerA /> : view === 'locker-b' ? <LockerB /> : <MessageCenter />}
          </Container>
        ) : null}
        {view === 'collab-portal' ? <CulturalCollaborationPortal key={userType} userType={userType} /> : null}
        {view === 'collab-hub' ? <CollaborationHub key={userType} userType={userType} /> : null}
        {view === 'artist' ? <ArtistDashboard withUpload={false} /> : null}
        {view === 'brand' ? <BrandDashboard extended={false} /> : null}
        {view === 'artist-spacious' ? <ArtistDashboard withUpload={false} spacious /> : null}
        {view === 'brand-spacious' ? <BrandDashboard extended spacious /> : null}
      </Box>
    </Stack>
  );
}
