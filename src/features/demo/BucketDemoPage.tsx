import { PageFrame } from '../../components/PageFrame';

/** Bucket Demo — the screen's frame; its feature issue fills it in. */
export function BucketDemoPage() {
  return <PageFrame title="Bucket Demo" description="View a bucket as a fan or an artist, with a simulated upload." />;
}
