// Identifiers that carry their own address. An issue id encodes (report ordinal, issue
// index) under a keyed mask, so `locateIssue` is O(1) without any index table, and an id
// that this dataset did not mint fails the round trip and is rejected.
// An fp id's index may be negative (a finding that only earlier scans have, see "Rescans" in
// generator.ts): it is stored as its two's complement, so the generator keeps a lineage's
// findings within 2^32 consecutive indexes and reads a field back with the head's issue count.
import { formatUuid, hash32, isUuid, label } from './random';

export type IdKind = 'report' | 'issue' | 'fix' | 'fp' | 'project' | 'user';

const KIND_TAG: Record<IdKind, number> = {
  report: label('report'),
  issue: label('issue'),
  fix: label('fix'),
  fp: label('fp'),
  project: label('project'),
  user: label('user'),
};

const MAX_ORDINAL = 0xffff;
const MAX_INDEX = 0xffff_ffff;
/** The lowest index of each kind: only fp ids name findings below 0. */
const MIN_INDEX: Record<IdKind, number> = { report: 0, issue: 0, fix: 0, fp: -0x8000_0000, project: 0, user: 0 };

export function encodeId(seed: number, kind: IdKind, ordinal: number, index: number): string {
  if (!Number.isInteger(ordinal) || ordinal < 0 || ordinal > MAX_ORDINAL) throw new RangeError(`ordinal ${ordinal} out of range`);
  if (!Number.isInteger(index) || index < MIN_INDEX[kind] || index > MAX_INDEX) throw new RangeError(`index ${index} out of range`);
  // The 32-bit field as decodeId reads it: a negative index is its two's complement.
  const field = index >>> 0;
  const tag = KIND_TAG[kind];
  const w0 = hash32(seed, tag, ordinal, field, 0);
  // The version nibble lives in w1; fix it before deriving the mask so decode sees the same word.
  const w1 = ((hash32(seed, tag, ordinal, field, 1) & 0xffff0fff) | 0x4000) >>> 0;
  const high = hash32(seed, tag, ordinal, field, 2) & 0xffff0000;
  const w2 = (high | ((ordinal ^ mask16(seed, tag, w0, w1)) & 0xffff)) >>> 0;
  const w3 = (field ^ mask32(seed, tag, w0, w1)) >>> 0;
  return formatUuid([w0, w1, w2, w3]);
}

/**
 * The (ordinal, index) an id was minted from, or undefined for a foreign or malformed id. The
 * index is the unsigned field: a negative fp index comes back as index + 2^32.
 */
export function decodeId(seed: number, kind: IdKind, id: string): { ordinal: number; index: number } | undefined {
  if (typeof id !== 'string' || !isUuid(id)) return undefined;
  const hex = id.replace(/-/g, '').toLowerCase();
  const w0 = parseInt(hex.slice(0, 8), 16) >>> 0;
  const w1 = parseInt(hex.slice(8, 16), 16) >>> 0;
  const w2 = parseInt(hex.slice(16, 24), 16) >>> 0;
  const w3 = parseInt(hex.slice(24, 32), 16) >>> 0;
  const tag = KIND_TAG[kind];
  const ordinal = ((w2 & 0xffff) ^ mask16(seed, tag, w0, w1)) & 0xffff;
  const index = (w3 ^ mask32(seed, tag, w0, w1)) >>> 0;
  return encodeId(seed, kind, ordinal, index) === id.toLowerCase() ? { ordinal, index } : undefined;
}

function mask16(seed: number, tag: number, w0: number, w1: number): number {
  return hash32(seed, tag, w0, w1, 16) & 0xffff;
}

function mask32(seed: number, tag: number, w0: number, w1: number): number {
  return hash32(seed, tag, w0, w1, 32);
}
