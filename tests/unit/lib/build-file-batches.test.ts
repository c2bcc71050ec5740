import { describe, expect, it } from 'vitest';
import { buildFileBatches, SIGNED_IN_FIRST } from '../../../src/lib/service-worker';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    imports: ['_framework.js'],
    css: ['assets/index.css'],
    dynamicImports: [
      '_sync.js',
      'src/routes/catalog.tsx?tsr-split=component',
      'src/routes/terms.tsx?tsr-split=component',
    ],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_sync.js': { file: 'assets/sync.js' },
  'src/routes/catalog.tsx?tsr-split=component': { file: 'assets/catalog.js', imports: ['_shared.js'] },
  'src/routes/terms.tsx?tsr-split=component': { file: 'assets/terms.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  'src/routes/dashboard.$role.tsx?tsr-split=component': { file: 'assets/dashboard.js', imports: ['_chunks.js'] },
  // The dashboard route imports every role's page lazily: a fan's first batch takes the fan's only.
  '_chunks.js': {
    file: 'assets/chunks.js',
    dynamicImports: ['src/features/fan/FanDashboardPage.tsx', 'src/features/brand/BrandDashboardPage.tsx'],
  },
  'src/features/fan/FanDashboardPage.tsx': {
    file: 'assets/fan.js',
    dynamicImports: ['src/features/fan/FanPanels.tsx'],
  },
  'src/features/fan/FanPanels.tsx': { file: 'assets/panels.js' },
  'src/features/brand/BrandDashboardPage.tsx': { file: 'assets/brand.js', imports: ['_charts.js'] },
  '_charts.js': { file: 'assets/charts.js', assets: ['assets/map.json'] },
};

describe('buildFileBatches', () => {
  it('caches what the page loaded and what a signed-in user opens first, then the other routes, then the rest', () => {
    const batches = buildFileBatches(manifest, ['/assets/index.js', '/assets/framework.js', '/favicon.svg']);
    expect(batches.map((batch) => [...batch].sort())).toEqual([
      [
        '/assets/catalog.js',
        '/assets/chunks.js',
        '/assets/dashboard.js',
        '/assets/fan.js',
        '/assets/framework.js',
        '/assets/index.css',
        '/assets/index.js',
        '/assets/panels.js',
        '/assets/shared.css',
        '/assets/shared.js',
        '/assets/sync.js',
      ],
      ['/assets/terms.js'],
      ['/assets/brand.js', '/assets/charts.js', '/assets/map.json'],
    ]);
  });

  it('names every file of the build exactly once', () => {
    const files = buildFileBatches(manifest, []).flat();
    expect(new Set(files).size).toBe(files.length);
    expect(files).toHaveLength(15);
  });

  it('takes the first batch from the list it is given', () => {
    const [first] = buildFileBatches(manifest, [], ['src/routes/terms.tsx']);
    expect([...first!].sort()).toEqual(['/assets/shared.css', '/assets/shared.js', '/assets/terms.js']);
    expect(SIGNED_IN_FIRST).toContain('src/features/fan/FanDashboardPage.tsx');
  });
});
