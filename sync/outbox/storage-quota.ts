/**
 * Device storage checks before files are accepted (IndexedDB must hold every queued Blob).
 * Invariants: persistence is requested before the first file is stored, so the browser does not
 * evict queued files under pressure; a file is accepted only when the estimate leaves room for it
 * plus a safety margin; when the browser offers no estimate, files are accepted.
 */

/** Keep 10 % of the remaining quota (at least 16 MiB) free for the app's own data. */
const SAFETY_FRACTION = 0.1;
const SAFETY_MIN_BYTES = 16 * 1024 * 1024;

export interface StorageEstimateLike {
  quota?: number;
  usage?: number;
}

export interface FileSize {
  name: string;
  size: number;
}

export interface StorageCheck {
  accepted: FileSize[];
  rejected: { file: FileSize; message: string }[];
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Pure: which files fit into the free space, in order. */
export function checkStorageFits(estimate: StorageEstimateLike | null, files: readonly FileSize[]): StorageCheck {
  if (!estimate || typeof estimate.quota !== 'number') return { accepted: [...files], rejected: [] };
  const free = estimate.quota - (estimate.usage ?? 0);
  let room = free - Math.max(SAFETY_MIN_BYTES, free * SAFETY_FRACTION);
  const result: StorageCheck = { accepted: [], rejected: [] };
  for (const file of files) {
    if (file.size <= room) {
      result.accepted.push(file);
      room -= file.size;
    } else {
      result.rejected.push({
        file,
        message: `Not enough storage on this device to queue ${file.name} (${megabytes(file.size)}; about ${megabytes(Math.max(0, room))} free). Free up space or remove queued files, then try again.`,
      });
    }
  }
  return result;
}

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<StorageEstimateLike>;
}

function storageManager(): StorageManagerLike | undefined {
  return typeof navigator !== 'undefined' ? (navigator.storage as StorageManagerLike | undefined) : undefined;
}

/** Ask for persistent storage (once granted it stays); never throws. */
export async function requestPersistentStorage(manager = storageManager()): Promise<boolean> {
  try {
    if (!manager?.persist) return false;
    if (manager.persisted && (await manager.persisted())) return true;
    return await manager.persist();
  } catch {
    return false;
  }
}

/** persist() then estimate(), then the pure check. */
export async function checkDeviceStorage(files: readonly FileSize[], manager = storageManager()): Promise<StorageCheck> {
  await requestPersistentStorage(manager);
  let estimate: StorageEstimateLike | null = null;
  try {
    estimate = manager?.estimate ? await manager.estimate() : null;
  } catch {
    estimate = null;
  }
  return checkStorageFits(estimate, files);
}
