/**
 * The /test switcher's entries: each lazily loads another feature's page by its
 * existing file name, so /test costs nothing until a screen is picked.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SelfSignupRole } from '@/lib/roles';

export interface TestComponentProps {
  mockRole: SelfSignupRole;
}

export interface TestComponentEntry {
  value: string;
  label: string;
  Component: LazyExoticComponent<ComponentType<TestComponentProps>>;
}

const page = <P extends object>(load: () => Promise<ComponentType<P>>, adapt?: (props: TestComponentProps) => P) =>
  lazy(async () => {
    const Page = await load();
    const Adapted = (props: TestComponentProps) => <Page {...((adapt ? adapt(props) : {}) as P)} />;
    return { default: Adapted };
  });

export const TEST_COMPONENTS: TestComponentEntry[] = [
  {
    value: 'landing',
    label: 'Landing',
    Component: page(() => import('@/features/landing/LandingPage').then((m) => m.LandingPage)),
  },
  {
    value: 'fan',
    label: 'Fan Dashboard',
    Component: page(() => import('@/features/fan/FanDashboardPage').then((m) => m.FanDashboardPage)),
  },
  {
    value: 'artist',
    label: 'Artist Dashboard',
    Component: page(() => import('@/features/artist/ArtistDashboardPage').then((m) => m.ArtistDashboardPage)),
  },
  {
    value: 'brand',
    label: 'Brand Dashboard',
    Component: page(() => import('@/features/brand/BrandDashboardPage').then((m) => m.BrandDashboardPage)),
  },
  {
    value: 'developer',
    label: 'Developer Dashboard',
    Component: page(() => import('@/features/developer/DeveloperPortalPage').then((m) => m.DeveloperPortalPage)),
  },
  {
    value: 'onboarding',
    label: 'Onboarding',
    Component: page(
      () => import('@/features/onboarding/OnboardingPage').then((m) => m.OnboardingPage),
      ({ mockRole }) => ({ targetRole: mockRole }),
    ),
  },
  {
    value: 'catalog',
    label: 'User Catalog',
    Component: page(() => import('@/features/catalog/CatalogPage').then((m) => m.CatalogPage)),
  },
  {
    value: 'bucket-ui',
    label: 'Bucket UI',
    Component: page(() => import('@/features/demo/BTIPage').then((m) => m.BTIPage)),
  },
  {
    value: 'locker-demo',
    label: 'Locker Demo',
    Component: page(() => import('@/features/demo/LockerDemoPage').then((m) => m.LockerDemoPage)),
  },
  {
    value: 'bucket-demo',
    label: 'Bucket Demo',
    Component: page(() => import('@/features/demo/BucketDemoPage').then((m) => m.BucketDemoPage)),
  },
  {
    value: 'auth',
    label: 'Auth Flows',
    Component: page(() => import('@/features/auth/WelcomePage').then((m) => m.WelcomePage)),
  },
];

export const DEFAULT_TEST_COMPONENT = 'landing';

export function findTestComponent(value: string): TestComponentEntry | undefined {
  return TEST_COMPONENTS.find((entry) => entry.value === value);
}
