// @vitest-environment happy-dom
// The brand's own artist partnerships: a figure the server withheld says which rule withheld it —
// reach under 10 fans, reported revenue under 10 redemptions (brand_artist_partnerships()).
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { OwnPartnershipsTable } from '../../../src/features/brand/components/ArtistPartnershipsCard';
import type { Partnership } from '../../../src/features/brand/campaigns/partnerships-api';
import { reactRootPerTest } from '../react-root';

const dom = reactRootPerTest();

const row = (over: Partial<Partnership>): Partnership => ({
  artist_id: '00000000-0000-4000-8000-000000000001',
  artist_name: 'Nova Static',
  genre: 'Electronic',
  campaigns: 1,
  reach: 42,
  spend_cents: 12_500,
  revenue_cents: 50_000,
  redemptions: 12,
  roi: 4,
  ...over,
});

function render(partnerships: Partnership[]) {
  act(() =>
    dom.root.render(
      <MantineProvider>
        <OwnPartnershipsTable partnerships={partnerships} />
      </MantineProvider>,
    ),
  );
  const cells = [...dom.container.querySelectorAll('tbody td')].map((td) => td.textContent?.trim());
  return cells;
}

describe('OwnPartnershipsTable', () => {
  it('shows every figure the server returned', () => {
    expect(render([row({})])).toEqual(['Nova StaticElectronic', '42', '$125.00', '$500.00', '4.0×']);
  });

  it('names fans for withheld reach and redemptions for withheld revenue', () => {
    const [, reach, , revenue, roi] = render([row({ reach: null, revenue_cents: null, redemptions: null, roi: null })]);
    expect(reach).toBe('Fewer than 10 fans — hidden to protect privacy');
    expect(revenue).toBe('Fewer than 10 redemptions — hidden to protect privacy');
    expect(roi).toBe('—');
  });
});
