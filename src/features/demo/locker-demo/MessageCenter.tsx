import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Grid,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SAMPLE_THREADS, type DemoThread } from './sample-messages';

/** A local-only message center for the demo: threads, messages and a composer that appends in memory. */
export function MessageCenter() {
  const [threads, setThreads] = useState<DemoThread[]>(SAMPLE_THREADS);
  const [activeId, setActiveId] = useState(SAMPLE_THREADS[0]?.id ?? '');
  const [draft, setDraft] = useState('');
  const active = threads.find((thread) => thread.id === activeId) ?? threads[0];

  function open(id: string) {
    setActiveId(id);
    setThreads((current) => current.map((thread) => (thread.id === id ? { ...thread, unread: 0 } : thread)));
  }

  function send(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !active) return;
    const time = new Date().toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    setThreads((current) =>
      current.map((thread) =>
        thread.id === active.id
          ? { ...thread, messages: [...thread.messages, { id: crypto.randomUUID(), from: 'me', text, time }] }
          : thread,
      ),
    );
    setDraft('');
  }

  return (
    <Card withBorder radius="lg" padding={0} data-testid="message-center">
      <Grid gap={0}>
        <Grid.Col span={{ base: 12, sm: 4 }} style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
          <Stack gap={0} p="xs" component="nav" aria-label="Conversations">
            {threads.map((thread) => (
              <NavLink
                key={thread.id}
                active={thread.id === active?.id}
                onClick={() => open(thread.id)}
                label={thread.name}
                description={thread.messages.at(-1)?.text}
                leftSection={
                  <Avatar src={thread.avatar} alt="" radius={thread.kind === 'brand' ? 'md' : 'xl'} size="sm" />
                }
                rightSection={
                  thread.unread ? (
                    <Badge size="xs" circle>
                      {thread.unread}
                    </Badge>
                  ) : null
                }
                styles={{
                  description: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 180 },
                }}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          {active ? (
            <Stack gap={0} h={420}>
              <Group p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Text fw={700}>{active.name}</Text>
                <Badge size="xs" variant="light" color={active.kind === 'brand' ? 'blue' : 'green'}>
                  {active.kind}
                </Badge>
              </Group>
              <ScrollArea style={{ flex: 1 }} p="sm">
                <Stack gap="xs" aria-live="polite">
                  {active.messages.map((message) => (
                    <Paper
                      key={message.id}
                      p="xs"
                      px="sm"
                      radius="lg"
                      maw="80%"
                      ml={message.from === 'me' ? 'auto' : 0}
                      bg={
                        message.from === 'me'
                          ? 'var(--mantine-primary-color-light)'
                          : 'var(--mantine-color-default-hover)'
                      }
                    >
                      <Text size="sm">{message.text}</Text>
                      <Text size="xs" c="dimmed" ta="right">
                        {message.time}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
              </ScrollArea>
              <form onSubmit={send}>
                <Group
                  p="sm"
                  gap="xs"
                  wrap="nowrap"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <TextInput
                    aria-label={`Message ${active.name}`}
                    placeholder="Write a message"
                    value={draft}
                    onChange={(event) => setDraft(event.currentTarget.value)}
                    style={{ flex: 1 }}
                  />
                  <ActionIcon type="submit" size="lg" aria-label="Send message" disabled={!draft.trim()}>
                    <IconSend size={18} />
                  </ActionIcon>
                </Group>
              </form>
            </Stack>
          ) : null}
        </Grid.Col>
      </Grid>
    </Card>
  );
}
