import { PageFrame } from '../../components/PageFrame';

/** Underground Catalog — the screen's frame; its feature issue fills it in. */
export function CatalogPage() {
  return <PageFrame title="Underground Catalog" description="Discover underground artists, genres and vibes." />;
}
