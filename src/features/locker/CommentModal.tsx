import { Button, Group, Stack, Textarea } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { useForm } from '@mantine/form';

const MAX_COMMENT_LENGTH = 500;

/** Writing a comment on a drop; only reachable when the fan's tier allows it. */
export function CommentModal({
  opened,
  itemTitle,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  itemTitle: string;
  onClose: () => void;
  onSubmit: (text: string) => Promise<void>;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { text: '' },
    validate: { text: (value) => (value.trim() ? null : 'Write something first') },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Comment on ${itemTitle}`} centered>
      <form
        onSubmit={form.onSubmit(async ({ text }) => {
          await onSubmit(text.trim());
          form.reset();
        })}
      >
        <Stack gap="sm">
          <Textarea
            label="Your comment"
            autosize
            minRows={3}
            maxLength={MAX_COMMENT_LENGTH}
            data-autofocus
            {...form.getInputProps('text')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Post Comment</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
