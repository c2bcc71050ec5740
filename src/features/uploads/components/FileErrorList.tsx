import { Alert, Stack, Text } from '@mantine/core';

/** File problems (refused types or sizes, failed uploads) as one red alert; nothing when there are none. */
export function FileErrorList({ errors, title }: { errors: readonly string[]; title?: string }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap={2}>
        {errors.map((message) => (
          <Text key={message} size="sm">
            {message}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
