import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useMountOnFirstOpen } from '@/lib/use-mount-on-first-open';

/** Mantine's Modal, mounted only once it is first opened (why and how: `useMountOnFirstOpen`). */
export function Modal({ opened, ...props }: ModalProps) {
  const overlay = useMountOnFirstOpen(opened);
  if (!overlay.mounted) return null;
  return <MantineModal {...props} opened={overlay.opened} />;
}
