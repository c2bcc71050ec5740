import { describe, expect, it } from 'vitest';
import { buildFileBatches } from '../../../src/lib/service-worker';

const manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_framework.js'], css: ['assets/index.css'] },
  '_framework.js': { file: 'assets/framework.js' },
  'src/routes/catalog.tsx?tsr-split=component': { file: 'assets/catalog.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  'src/features/brand/BrandDashboardPage.tsx': { file: 'assets/brand.js', imports: ['_charts.js'] },
  '_charts.js': { file: 'assets/charts.js', assets: ['assets/map.json'] },
};

describe('buildFileBatches', () => {
  it('caches what the page loaded first, then the routes and their imports, then the rest', () => {
    const batches = buildFileBatches(manifest, ['/assets/index.js', '/assets/framework.js', '/favicon.svg']);
    expect(batches).toEqual([
      ['/assets/index.js', '/assets/framework.js'],
      ['/assets/catalog.js', '/assets/shared.js', '/assets/shared.css'],
      ['/assets/index.css', '/assets/brand.js', '/assets/charts.js', '/assets/map.json'],
    ]);
  });

  it('names every file of the build exactly once', () => {
    const files = buildFileBatches(manifest, []).flat();
    expect(new Set(files).size).toBe(files.length);
    expect(files).toHaveLength(9);
  });
});
