import { PageFrame } from '../../components/PageFrame';

/** Sign In — the screen's frame; its feature issue fills it in. */
export function LoginPage() {
  return <PageFrame title="Sign In" description="Sign in to your Bucket dashboard." />;
}
