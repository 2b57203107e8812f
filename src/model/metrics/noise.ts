// "Scanner noise": how many of the issues of each scanner and of each issue type are false
// positives. A rescan of a repository reports the same findings again, so issues are counted
// once per repository, scanner and fingerprintHash; an issue is a false positive when any of
// its occurrences is one, which makes the result independent of the order reports are added.
import { hash } from 'node:crypto';
import type { HeldIssue } from '../heldIssue';
import { cleanText, truncate } from '../../common/text';
import { readableIssueType } from '../format';
import { isFalsePositive } from '../issue';
import { compareText, share } from './stats';
import type { FalsePositives, NoiseRow } from './types';

/** What is counted of an issue: a decoded one (the CLI) or one the editor's model holds. */
export type CountedIssue = Pick<HeldIssue, 'fingerprintHash' | 'issueType' | 'state' | 'vulnerabilityReportIssueTags'>;

interface Tally {
  issues: number;
  falsePositives: number;
}

/** The buckets a counted issue went to, kept so a later FP occurrence can move it. */
interface Counted {
  fp: boolean;
  readonly scanner: Tally;
  readonly type: Tally;
}

export class NoiseTally {
  private readonly all: Tally = { issues: 0, falsePositives: 0 };
  private readonly scanners = new Map<string, Tally>();
  private readonly types = new Map<string | null, Tally>();
  /** The de-dup set: noiseKey(repository, scanner, fingerprint) → the issue counted for it. */
  private readonly seen = new Map<string, Counted>();
  private duplicates = 0;
  private withoutFingerprint = 0;

  /** `repository` is a key from repositoryKey; `scanner` a readable scanner name. Returns whether the issue is a false positive. */
  add(issue: CountedIssue, repository: string, scanner: string): boolean {
    const fp = isFalsePositive(issue);
    const fingerprint = issue.fingerprintHash?.trim() || null;
    const key = fingerprint === null ? null : noiseKey(repository, scanner, fingerprint);
    const earlier = key === null ? undefined : this.seen.get(key);
    if (earlier) {
      this.duplicates++;
      if (fp && !earlier.fp) {
        earlier.fp = true;
        for (const t of [this.all, earlier.scanner, earlier.type]) t.falsePositives++;
      }
      return fp;
    }
    if (key === null) this.withoutFingerprint++;
    const counted: Counted = { fp, scanner: tally(this.scanners, scanner), type: typeTally(this.types, issueTypeOf(issue)) };
    for (const t of [this.all, counted.scanner, counted.type]) {
      t.issues++;
      if (fp) t.falsePositives++;
    }
    if (key !== null) this.seen.set(key, counted);
    return fp;
  }

  result(): FalsePositives {
    const byScanner = [...this.scanners]
      .map(([scanner, t]) => ({ scanner, ...row(t) }))
      .sort((a, b) => byIssues(a, b, a.scanner, b.scanner));
    const byIssueType = [...this.types]
      .map(([issueType, t]) => ({ issueType, label: readableIssueType(issueType), ...row(t) }))
      .sort((a, b) => byIssues(a, b, a.label, b.label));
    return { ...row(this.all), duplicates: this.duplicates, withoutFingerprint: this.withoutFingerprint, byScanner, byIssueType };
  }
}

/**
 * The de-dup key of `repository \0 scanner \0 fingerprint`: its SHA-256 as 32 one-byte
 * characters, so the set costs the same per issue whatever the length of the fingerprints (the
 * service sends them as they are). Two different triples share a key neither by chance nor by
 * construction: SHA-256 has no known collision.
 */
export function noiseKey(repository: string, scanner: string, fingerprint: string): string {
  return hash('sha256', `${repository}\0${scanner}\0${fingerprint}`, 'binary');
}

/** Issue types counted by name; issues of further types are counted together (OTHER_TYPES). */
const MAX_TYPES = 500;
/** Longest issue type kept: real ones are far shorter. */
const MAX_TYPE_LENGTH = 200;
const OTHER_TYPES = 'Other issue types';

function issueTypeOf(issue: CountedIssue): string | null {
  return issue.issueType === null ? null : truncate(cleanText(issue.issueType), MAX_TYPE_LENGTH) || null;
}

/** The bucket of an issue type: the type's own while fewer than MAX_TYPES are known, else one for all others. */
function typeTally(types: Map<string | null, Tally>, type: string | null): Tally {
  return types.has(type) || types.size < MAX_TYPES ? tally(types, type) : tally(types, OTHER_TYPES);
}

function tally<K>(map: Map<K, Tally>, key: K): Tally {
  let t = map.get(key);
  if (!t) map.set(key, (t = { issues: 0, falsePositives: 0 }));
  return t;
}

function row(t: Tally): NoiseRow {
  return { issues: t.issues, falsePositives: t.falsePositives, share: share(t.falsePositives, t.issues) };
}

function byIssues(a: NoiseRow, b: NoiseRow, aName: string, bName: string): number {
  return b.issues - a.issues || compareText(aName, bName);
}
