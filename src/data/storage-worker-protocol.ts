/** The storage worker's first message: its storage is exposed and answers requests. */
export const STORAGE_WORKER_READY = 'bucket-storage-worker-ready';
