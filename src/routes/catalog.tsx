import { createFileRoute } from '@tanstack/react-router';
import { CatalogPage } from '@/features/catalog/CatalogPage';

export const Route = createFileRoute('/catalog')({
  head: () => ({ meta: [{ title: 'Catalog · Bucket' }] }),
  component: CatalogPage,
});
