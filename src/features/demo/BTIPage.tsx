import { PageFrame } from '../../components/PageFrame';

/** BTI Artist Bucket — the screen's frame; its feature issue fills it in. */
export function BTIPage() {
  return <PageFrame title="BTI Artist Bucket" description="The bucket of a sample artist, viewed as a fan." />;
}
