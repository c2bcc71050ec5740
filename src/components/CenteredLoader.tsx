import { Center, Loader, Stack, Text } from '@mantine/core';

export function CenteredLoader({ text }: { text: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{text}</Text>
      </Stack>
    </Center>
  );
}
