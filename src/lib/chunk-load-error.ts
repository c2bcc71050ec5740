/**
 * Whether an error is a code chunk that could not be fetched: the messages Chromium, Firefox and
 * Safari give a failed dynamic import (TanStack Router's lazy routes test the same three), and
 * Vite's preload helper's when a chunk's stylesheet or dependency cannot be preloaded.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return false;
  return (
    message.startsWith('Failed to fetch dynamically imported module') ||
    message.startsWith('error loading dynamically imported module') ||
    message.startsWith('Importing a module script failed') ||
    message.startsWith('Unable to preload CSS for')
  );
}
