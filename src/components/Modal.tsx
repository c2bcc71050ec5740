import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Mantine's Modal, mounted only once it is first opened. A closed Mantine Modal still mounts its
 * portal, whose layout effect re-renders it synchronously in the commit that mounted it: every
 * dialog a screen holds closed (the header's role switcher and sign-out, a reward's detail, a
 * comment form…) cost the first render of the page one such cascade. On its first opening the
 * modal mounts closed for one commit, then opens, exactly as a modal mounted with the page would:
 * its enter transition plays and, on close, focus returns to what opened it. A modal opened from
 * the start opens at once.
 */
export function Modal({ opened, ...props }: ModalProps) {
  const [ready, setReady] = useState(opened);
  useEffect(() => {
    // After the commit that mounted it closed: the open is a change, as Mantine expects.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed commit must come first
    if (opened) setReady(true);
  }, [opened]);
  if (!ready && !opened) return null;
  return <MantineModal {...props} opened={opened && ready} />;
}
