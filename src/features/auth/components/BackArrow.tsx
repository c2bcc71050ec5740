import { ActionIcon } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Back arrow: a link to /welcome, or a button when the page handles going back itself. */
export function BackArrow({ onClick, label = 'Back' }: { onClick?: () => void; label?: string }) {
  if (onClick) {
    return (
      <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={onClick}>
        <IconArrowLeft aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <ActionIcon component={Link} to="/welcome" variant="subtle" size="lg" aria-label={label}>
      <IconArrowLeft aria-hidden />
    </ActionIcon>
  );
}
