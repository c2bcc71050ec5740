import { PageFrame } from '../../components/PageFrame';

/** Checking authentication... — the screen's frame; its feature issue fills it in. */
export function AutoRoutePage() {
  return <PageFrame title="Checking authentication..." description="Deciding where to take you." />;
}
