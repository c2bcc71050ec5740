import { PageFrame } from '../../components/PageFrame';

/** Locker Demo — the screen's frame; its feature issue fills it in. */
export function LockerDemoPage() {
  return (
    <PageFrame title="Locker Demo" description="Locker A, Locker B, message center, collab portal and dashboards." />
  );
}
