import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';

const ATTRIBUTE = 'data-mantine-color-scheme';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [ATTRIBUTE] });
  return () => observer.disconnect();
}

/** The scheme the page is painted in: MantineProvider (and the page's head script before it) set it on <html>. */
const appliedScheme = () => (document.documentElement.getAttribute(ATTRIBUTE) === 'light' ? 'light' : 'dark');

/**
 * Reads the applied scheme from <html> instead of Mantine's `useComputedColorScheme`, which starts
 * from a default and corrects it in an effect: one more blocking render on every page load. A
 * prerendered page hydrates with the default it was rendered with ('dark'), then shows the applied one.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useSyncExternalStore(subscribe, appliedScheme, () => 'dark');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`Switch to ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
