// @vitest-environment happy-dom
// A new device's screen never goes from its first pages back to nothing while its local rows catch up.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useFirstPageUntilLocal } from '../../../src/data/use-first-page';
import { reactRootPerTest } from '../react-root';

const current = reactRootPerTest();

interface Rows {
  ids: string[];
}

/** What the screen shows: local rows with the first page's rows they do not have yet, as the hooks merge. */
function shownIds(first: Rows | null, local: Rows | null): string[] {
  const ids = new Set(local?.ids ?? []);
  return [...(local?.ids ?? []), ...(first?.ids.filter((id) => !ids.has(id)) ?? [])];
}

function Screen({ first, local, userId }: { first: Rows | null; local: Rows | null; userId: string }) {
  const kept = useFirstPageUntilLocal(first, local, userId);
  return <output>{shownIds(kept, local).join(',') || 'nothing'}</output>;
}

async function render(first: Rows | null, local: Rows | null, userId = 'fan-1') {
  await act(async () => current.root.render(<Screen first={first} local={local} userId={userId} />));
  return current.container.querySelector('output')?.textContent;
}

describe('useFirstPageUntilLocal', () => {
  const page: Rows = { ids: ['drop-1', 'drop-2'] };

  it('keeps the first page after the first sync ends until the local query has delivered', async () => {
    expect(await render(page, null)).toBe('drop-1,drop-2');
    // The first sync reported done (the first page goes) before the screen's query emitted.
    expect(await render(null, null)).toBe('drop-1,drop-2');
    // Its query then delivers what the sync wrote: from then on the local rows alone.
    expect(await render(null, { ids: ['drop-1', 'drop-2'] })).toBe('drop-1,drop-2');
    expect(await render(null, { ids: ['drop-1'] })).toBe('drop-1');
  });

  it('keeps it under stale local rows (an emission from before the sync wrote) until they change', async () => {
    const stale: Rows = { ids: [] };
    expect(await render(page, stale)).toBe('drop-1,drop-2');
    expect(await render(null, stale)).toBe('drop-1,drop-2');
    expect(await render(null, { ids: ['drop-2', 'drop-1'] })).toBe('drop-2,drop-1');
  });

  it('shows nothing kept on a device that never had first pages', async () => {
    expect(await render(null, null)).toBe('nothing');
    expect(await render(null, { ids: ['drop-9'] })).toBe('drop-9');
  });

  it("never shows one user's kept rows to another", async () => {
    expect(await render(page, null, 'fan-1')).toBe('drop-1,drop-2');
    expect(await render(null, null, 'fan-1')).toBe('drop-1,drop-2');
    expect(await render(null, null, 'fan-2')).toBe('nothing');
  });

  it('a new first page replaces the kept one', async () => {
    expect(await render(page, null)).toBe('drop-1,drop-2');
    expect(await render({ ids: ['drop-3'] }, null)).toBe('drop-3');
  });
});
