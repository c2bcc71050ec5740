import { Chip, Group, Stack, Text } from '@mantine/core';
import { INTEREST_OPTIONS, MAX_INTERESTS, MIN_INTERESTS } from '../constants';
import { interestCounterText, toggleInterest } from '../interest-rules';

/**
 * The 10 interests (a brand's own options for a brand) as toggle chips; with a cap (the
 * modal) a sixth pick is ignored.
 */
export function InterestPicker({
  value,
  onChange,
  cap,
  options = INTEREST_OPTIONS,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  cap?: number;
  options?: readonly string[];
}) {
  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label="Interests">
        {options.map((interest) => (
          <Chip
            key={interest}
            checked={value.includes(interest)}
            onChange={() => onChange(toggleInterest(value, interest, cap))}
            disabled={cap !== undefined && value.length >= cap && !value.includes(interest)}
          >
            {interest}
          </Chip>
        ))}
      </Group>
      <Text size="sm" aria-live="polite">
        {interestCounterText(value.length)}{' '}
        {value.length < MIN_INTERESTS ? (
          <Text span c="orange">
            (Need at least 3)
          </Text>
        ) : null}
        {value.length > MAX_INTERESTS ? (
          <Text span c="red">
            (Maximum 5)
          </Text>
        ) : null}
      </Text>
    </Stack>
  );
}
