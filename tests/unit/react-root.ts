// A React root in a fresh container for each test of the calling file (happy-dom), unmounted after it.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function reactRootPerTest(): { readonly container: HTMLElement; readonly root: Root } {
  const current = {} as { container: HTMLElement; root: Root };
  beforeEach(() => {
    current.container = document.createElement('div');
    document.body.append(current.container);
    current.root = createRoot(current.container);
  });
  afterEach(() => {
    act(() => current.root.unmount());
    current.container.remove();
  });
  return current;
}
