// What the store keeps in the cache's index with each report: its row's counts, so a new
// window shows them before any request. Checked on read like everything the cache returns.
import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const counted = { count, share: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))) };

/** What a report row shows without its file being read: its counts, and whether it was expanded. */
export const CachedCountsSchema = v.object({
  fixes: v.object({
    total: count,
    byState: v.pipe(v.array(v.object({ ...counted, state: v.nullable(v.string()), label: v.string() })), v.readonly()),
    byConfidence: v.pipe(
      v.array(v.object({ ...counted, kind: v.picklist(['stable', 'adaptive', 'other', 'unknown']), label: v.string() })),
      v.readonly(),
    ),
    downloaded: v.object(counted),
    committed: v.object(counted),
  }),
  issues: v.optional(v.object({ received: count, falsePositives: count, complete: v.boolean() })),
  /** Its issues were paged (expanded, or the workspace's current report). */
  expanded: v.boolean(),
});
export type CachedCounts = v.InferOutput<typeof CachedCountsSchema>;
