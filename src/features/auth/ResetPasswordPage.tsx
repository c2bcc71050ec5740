import { PageFrame } from '../../components/PageFrame';

/** Set New Password — the screen's frame; its feature issue fills it in. */
export function ResetPasswordPage() {
  return <PageFrame title="Set New Password" description="Choose a new password for your account." />;
}
