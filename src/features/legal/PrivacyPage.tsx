import { List, Text } from '@mantine/core';
import { PageFrame } from '@/components/PageFrame';

export function PrivacyPage() {
  return (
    <PageFrame title="Privacy Policy" size="md" description="Privacy-first by design: your MediaID is yours.">
      <Text>
        Each role you hold has its own MediaID with its own privacy settings. You decide what is shared, and you can
        change it at any time.
      </Text>
      <List spacing="xs">
        <List.Item>
          Data sharing, location access, audio capture, analytics and marketing are separate switches.
        </List.Item>
        <List.Item>Your data is kept on this device and synced to your account; nobody else can read it.</List.Item>
        <List.Item>Signing out can remove all local data from this device.</List.Item>
      </List>
    </PageFrame>
  );
}
