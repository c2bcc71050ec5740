/**
 * Engagement-log conflict policy. Invariants: rows are append-only events with client uuids;
 * a conflict can only mean the same event already reached the server, so the server row wins.
 */
import { createConflictHandler } from './create-conflict-handler';
import type { MergePolicy } from './merge-field-groups';
import type { EngagementLogDoc } from '../schemas/types';

export const engagementLogMergePolicy: MergePolicy = { groups: [] };
export const engagementLogConflictHandler = createConflictHandler<EngagementLogDoc>(engagementLogMergePolicy);
