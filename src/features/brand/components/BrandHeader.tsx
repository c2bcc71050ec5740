import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { IdentityHeader } from '@/components/dashboard/IdentityHeader';
import type { BrandAnalytics } from '../sample-analytics';

/** Brand identity line: logo, name with verified mark, industry, and the page's actions. */
export function BrandHeader({ brand, actions }: { brand: BrandAnalytics['brand']; actions?: ReactNode }) {
  return (
    <IdentityHeader
      image={brand.logo}
      imageRadius="md"
      name={brand.name}
      verifiedLabel={brand.verified ? 'Verified brand' : null}
      badge={
        <Badge color="blue" variant="light">
          {brand.industry}
        </Badge>
      }
      subtitle="Brand Dashboard"
      actions={actions}
    />
  );
}
