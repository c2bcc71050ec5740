import { Badge } from '@mantine/core';
import { OFFER_STATUS_COLORS, OFFER_STATUS_LABELS, type OfferStatus } from '../collab-rules';

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge color={OFFER_STATUS_COLORS[status]} variant="light" data-status={status}>
      {OFFER_STATUS_LABELS[status]}
    </Badge>
  );
}
