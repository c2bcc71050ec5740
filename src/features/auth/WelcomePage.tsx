import { PageFrame } from '../../components/PageFrame';

/** Welcome to Bucket — the screen's frame; its feature issue fills it in. */
export function WelcomePage() {
  return (
    <PageFrame
      title="Welcome to Bucket"
      description="General sign up and sign in for fans, artists, brands and developers."
    />
  );
}
