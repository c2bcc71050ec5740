import { ActionIcon, Badge, Button, Code, CopyButton, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A brand drop's redeemable code with copy and "mark as used". */
export function LockerCode({
  code,
  isUsed,
  expired,
  onUse,
}: {
  code: string;
  isUsed: boolean;
  expired: boolean;
  onUse?: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Your code
          </Text>
          <Code fz="md" fw={700} style={{ textDecoration: isUsed ? 'line-through' : undefined }}>
            {code}
          </Code>
        </div>
        <Group gap={6} wrap="nowrap">
          <CopyButton value={code} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy code'} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? 'Code copied' : 'Copy code'}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          {isUsed ? (
            <Badge color="gray" variant="light">
              Used
            </Badge>
          ) : onUse ? (
            <Button size="compact-sm" variant="light" onClick={onUse} disabled={expired}>
              Mark as Used
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
