import { Stack, Text, type MantineSize } from '@mantine/core';

/** A small figure: a dimmed label over a bold value (cards of offers, pitches, applications). */
export function LabeledValue({
  label,
  value,
  valueSize = 'sm',
}: {
  label: string;
  value: string;
  valueSize?: MantineSize;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size={valueSize} fw={700}>
        {value}
      </Text>
    </Stack>
  );
}
