import { Overlay, Stack, Text, ThemeIcon, Transition } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';

/** 'Reward Claimed!' shown for 3 s over the calendar after a claim. */
export function ClaimCelebration({ day, title }: { day: number | null; title?: string }) {
  return (
    <Transition mounted={day !== null} transition="pop" duration={200}>
      {(style) => (
        <Overlay style={style} radius="lg" blur={3} backgroundOpacity={0.55} center zIndex={5}>
          <Stack align="center" gap="xs" role="status" p="md" ta="center">
            <ThemeIcon size={64} radius="xl" color="yellow" variant="filled">
              <IconConfetti size={36} />
            </ThemeIcon>
            <Text fw={800} fz={28} c="white">
              Reward Claimed!
            </Text>
            {title ? (
              <Text c="gray.3" size="sm">
                Day {day}: {title}
              </Text>
            ) : null}
          </Stack>
        </Overlay>
      )}
    </Transition>
  );
}
