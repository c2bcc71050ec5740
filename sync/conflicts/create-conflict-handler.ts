/**
 * Adapts a pure merge policy to RxDB 17's conflict handler shape `{ isEqual, resolve }`.
 * Invariants: equality ignores local-only `sync_*` fields (so marking a row clean or rejected
 * never triggers a push) but includes `_deleted` and `sync_modified` (the server's `_modified`).
 */
import type { RxConflictHandler } from 'rxdb';
import { isServerEqual } from '../local-fields';
import { mergeFieldGroups, type MergePolicy } from './merge-field-groups';

export function createConflictHandler<T>(policy: MergePolicy): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => isServerEqual(a as Record<string, unknown>, b as Record<string, unknown>),
    resolve: (input) =>
      Promise.resolve(
        mergeFieldGroups(
          {
            newDocumentState: input.newDocumentState as Record<string, unknown>,
            realMasterState: input.realMasterState as Record<string, unknown>,
            assumedMasterState: input.assumedMasterState as Record<string, unknown> | undefined,
          },
          policy,
        ) as never,
      ),
  };
}
