/** Entry `@sync/storage`: the device storage RxDB runs on (the storage worker hosts it). */
export { getBucketDexieStorage } from './dexie-storage';
