import { List, Text } from '@mantine/core';
import { PageFrame } from '@/components/PageFrame';

export function TermsPage() {
  return (
    <PageFrame title="Terms of Service" size="md" description="The rules for using Bucket and MediaID.">
      <Text>
        By creating an account you agree to use Bucket lawfully, to upload only content you own or are licensed to
        share, and to respect artists&apos; subscription tiers and unlock dates.
      </Text>
      <List spacing="xs">
        <List.Item>Artists keep ownership of everything they upload to their bucket.</List.Item>
        <List.Item>Fans may stream and download unlocked content for personal use only.</List.Item>
        <List.Item>Brands and developers access preference data only with a user&apos;s permission.</List.Item>
        <List.Item>We may suspend accounts that abuse the platform or other users.</List.Item>
      </List>
    </PageFrame>
  );
}
