import { buildSampleLockerItems, useLockerItemsState } from '../locker';

/** Today's Daily Locker for the signed-in fan: the swap point between sample and synced data. */
export function useFanLocker() {
  return useLockerItemsState(buildSampleLockerItems());
}
