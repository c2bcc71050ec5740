import { useSyncExternalStore } from 'react';
import {
  getPaymentsStatus,
  PAYMENTS_DISABLED_REASON,
  PAYMENTS_UNAVAILABLE_REASON,
  subscribePaymentsStatus,
  type PaymentsStatus,
} from './payments-client';

export interface PaymentsAvailability {
  status: PaymentsStatus;
  /** False when payment buttons must be disabled. */
  available: boolean;
  /** Why payments are off (for a tooltip or helper text), or null. */
  reason: string | null;
}

/** Whether payment buttons ('Join', 'Subscribe') should be enabled, and why not. */
export function usePaymentsAvailability(): PaymentsAvailability {
  const status = useSyncExternalStore(subscribePaymentsStatus, getPaymentsStatus, getPaymentsStatus);
  if (status === 'unconfigured') return { status, available: false, reason: PAYMENTS_DISABLED_REASON };
  if (status === 'failed') return { status, available: true, reason: PAYMENTS_UNAVAILABLE_REASON };
  return { status, available: true, reason: null };
}
