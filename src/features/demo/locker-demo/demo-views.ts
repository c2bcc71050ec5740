/** The locker demo's switcher entries. */
export const DEMO_VIEWS = [
  { value: 'locker-a', label: 'Locker A (3D carousel)' },
  { value: 'locker-b', label: 'Locker B (daily calendar)' },
  { value: 'messages', label: 'Message Center' },
  { value: 'collab-portal', label: 'Collab Portal' },
  { value: 'collab-hub', label: 'Collaboration Hub' },
  { value: 'artist', label: 'Artist Dashboard' },
  { value: 'brand', label: 'Brand Dashboard' },
  { value: 'artist-spacious', label: 'Artist Dashboard (spacious)' },
  { value: 'brand-spacious', label: 'Brand Dashboard (spacious)' },
] as const;

export type DemoView = (typeof DEMO_VIEWS)[number]['value'];

export function isDemoView(value: unknown): value is DemoView {
  return DEMO_VIEWS.some((view) => view.value === value);
}
