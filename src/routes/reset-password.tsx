import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';

export interface ResetPasswordSearch {
  access_token?: string;
  refresh_token?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const Route = createFileRoute('/reset-password')({
  head: () => ({ meta: [{ title: 'Set New Password · Bucket' }] }),
  // The recovery link carries the tokens in the query; other parameters are dropped.
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    access_token: text(search.access_token),
    refresh_token: text(search.refresh_token),
  }),
  component: ResetPasswordPage,
});
