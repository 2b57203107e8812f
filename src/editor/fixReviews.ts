// Which fix patches the user has reviewed in Preview Fix, bound to exactly what was shown: a
// digest of (origin, report id, fix id, patch text). Apply Fix re-reads the patch from the store
// and applies it only when its digest is the one previewed, so a service cannot show one patch
// and serve another under the same id. A review is used once: applying (or refusing a changed
// patch) forgets it. Plain Node.
import { createHash } from 'node:crypto';

export interface FixIdentity {
  readonly origin: string;
  readonly reportId: string;
  readonly fixId: string;
}

export type ReviewCheck = 'reviewed' | 'not-previewed' | 'changed';

export class FixReviews {
  /** `origin \0 report \0 fix` → the digest of the previewed patch. */
  private readonly digests = new Map<string, string>();

  /** The user was shown `patch` for this fix (whose digest is `reviewDigest(fix, patch)`). */
  record(fix: FixIdentity, patch: string): void {
    this.digests.set(keyOf(fix), reviewDigest(fix, patch));
  }

  /** Whether `patch` is what was previewed for this fix. A changed patch forgets the review. */
  check(fix: FixIdentity, patch: string): ReviewCheck {
    const key = keyOf(fix);
    const seen = this.digests.get(key);
    if (seen === undefined) return 'not-previewed';
    if (seen === reviewDigest(fix, patch)) return 'reviewed';
    this.digests.delete(key);
    return 'changed';
  }

  /** The review was used (applied): the next apply needs a new preview. */
  forget(fix: FixIdentity): void {
    this.digests.delete(keyOf(fix));
  }

  /** Every review goes (the connection changed: other data). */
  clear(): void {
    this.digests.clear();
  }
}

const keyOf = (fix: FixIdentity) => `${fix.origin}\0${fix.reportId}\0${fix.fixId}`;

/** The digest a review is bound to: length-prefixed parts, so no two different tuples hash the same text. */
export function reviewDigest(fix: FixIdentity, patch: string): string {
  const hash = createHash('sha256');
  for (const part of [fix.origin, fix.reportId, fix.fixId, patch]) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest('hex');
}
