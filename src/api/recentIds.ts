// A set of the most recent N ids. Paging dedupes against it so memory stays constant for
// any number of issues: with chronological results, a repeated id (an inclusive cursor, a
// boundary overlap) can only come from the last pages.
//
// Ids in the form the service uses (lowercase 8-4-4-4-12 hex UUIDs) are kept as four 32-bit
// words in typed arrays, not as strings: holding 10k freshly parsed id strings made the
// garbage collector copy and promote every one of them, the client's largest cost after
// JSON.parse on 100k issues (bench/, case 1). Other ids are kept as strings in a Set. The
// hash is seeded per instance and probing is bounded; an id that finds no slot within the
// bound goes to the Set, so ids crafted to collide cost a Set entry, not quadratic time.
// Against a plain Set + ring (bench/fastPaths/recentIds.ts) it saves 1.5–4.5% of paging time,
// without which the client misses ≤ 1.15× the bare loop: bench case 7, docs/performance.md.

const DEFAULT_MAX_PROBES = 32;
/** Entries allocated at first; the storage doubles up to the capacity as ids arrive. */
const INITIAL_ENTRIES = 1024;

export class RecentIds {
  /** How many distinct ids are remembered: the capacity, floored (Infinity: all). */
  private readonly limit: number;
  private readonly strings = new Set<string>();
  /** Entries by position (a ring once the limit is reached): 4 words per UUID entry. */
  private keys: Uint32Array;
  private hashes: Uint32Array;
  /** The id of an entry kept as a string; undefined for UUID entries. */
  private texts: (string | undefined)[];
  /**
   * Linear probing table, two numbers per slot: entry position + 1 (0: empty) and the
   * entry's hash, so that probing and shifting rarely touch the entries themselves (each
   * page's parsing evicts these arrays from the CPU caches; misses were most of the cost).
   */
  private slots: Int32Array;
  private mask: number;
  private oldest = 0;
  private size = 0;
  private readonly seed = (Math.random() * 0x1_0000_0000) >>> 0;
  private readonly words = new Uint32Array(4);

  /** `maxProbes` is for tests (a small bound sends more ids to the string Set). */
  constructor(
    capacity: number,
    private readonly maxProbes = DEFAULT_MAX_PROBES,
  ) {
    // As with a plain Set evicting whenever its size exceeds the capacity: a fractional
    // capacity keeps its floor, a negative one nothing, a NaN one (nothing exceeds it) all.
    this.limit = capacity >= 0 ? Math.floor(capacity) : Number.isNaN(capacity) ? Infinity : 0;
    const entries = Math.max(1, Math.min(this.limit, INITIAL_ENTRIES));
    this.keys = new Uint32Array(entries * 4);
    this.hashes = new Uint32Array(entries);
    this.texts = new Array<string | undefined>(entries);
    this.slots = new Int32Array(2 * tableSize(entries));
    this.mask = tableSize(entries) - 1;
  }

  has(id: string): boolean {
    if (uuidWords(id, this.words) && this.findSlot(hashWords(this.words, this.seed)) >= 0) return true;
    return this.strings.size > 0 && this.strings.has(id);
  }

  add(id: string): void {
    this.addIfNew(id);
  }

  /** Adds `id` and says whether it was new. */
  addIfNew(id: string): boolean {
    const isUuid = uuidWords(id, this.words);
    const hash = isUuid ? hashWords(this.words, this.seed) : 0;
    if (isUuid && this.findSlot(hash) >= 0) return false;
    if (this.strings.size > 0 && this.strings.has(id)) return false;
    if (this.limit === 0) return true;
    if (this.size === this.limit) this.evictOldest();
    else if (this.size === this.texts.length) this.grow();
    const at = (this.oldest + this.size) % this.texts.length;
    this.size++;
    const slot = isUuid ? this.freeSlot(hash) : -1;
    if (slot >= 0) {
      const k = at * 4;
      this.keys[k] = this.words[0]!;
      this.keys[k + 1] = this.words[1]!;
      this.keys[k + 2] = this.words[2]!;
      this.keys[k + 3] = this.words[3]!;
      this.hashes[at] = hash;
      this.texts[at] = undefined;
      this.slots[2 * slot] = at + 1;
      this.slots[2 * slot + 1] = hash;
    } else {
      this.texts[at] = id;
      this.strings.add(id);
    }
    return true;
  }

  /** The slot holding the entry with this.words, or -1. */
  private findSlot(hash: number): number {
    const { keys, words, slots, mask } = this;
    const stored = hash | 0;
    for (let probe = 0, slot = hash & mask; probe < this.maxProbes; probe++, slot = (slot + 1) & mask) {
      const entry = slots[2 * slot]! - 1;
      if (entry < 0) return -1;
      if (slots[2 * slot + 1] !== stored) continue;
      const k = entry * 4;
      if (keys[k] === words[0] && keys[k + 1] === words[1] && keys[k + 2] === words[2] && keys[k + 3] === words[3]) return slot;
    }
    return -1;
  }

  /** An empty slot within the probe bound, or -1. */
  private freeSlot(hash: number): number {
    for (let probe = 0, slot = hash & this.mask; probe < this.maxProbes; probe++, slot = (slot + 1) & this.mask) {
      if (this.slots[2 * slot] === 0) return slot;
    }
    return -1;
  }

  private evictOldest(): void {
    const at = this.oldest;
    const text = this.texts[at];
    if (text !== undefined) {
      this.strings.delete(text);
      this.texts[at] = undefined;
    } else {
      this.removeSlot(at);
    }
    this.oldest = (this.oldest + 1) % this.texts.length;
    this.size--;
  }

  /** Removes entry `at` from the table, shifting later entries of its cluster back (no tombstones). */
  private removeSlot(at: number): void {
    const { slots, mask } = this;
    let slot = this.hashes[at]! & mask;
    while (slots[2 * slot] !== at + 1) slot = (slot + 1) & mask;
    for (let next = (slot + 1) & mask; slots[2 * next] !== 0; next = (next + 1) & mask) {
      const home = slots[2 * next + 1]! & mask;
      // The entry at `next` may move to `slot` unless its home lies cyclically in (slot, next].
      const stays = slot <= next ? slot < home && home <= next : slot < home || home <= next;
      if (stays) continue;
      slots[2 * slot] = slots[2 * next]!;
      slots[2 * slot + 1] = slots[2 * next + 1]!;
      slot = next;
    }
    slots[2 * slot] = 0;
  }

  /**
   * Doubles the entry storage (up to the limit) and rebuilds the table. Only happens before
   * the first eviction, so the entries are at positions 0..size-1.
   */
  private grow(): void {
    const entries = Math.min(this.limit, this.texts.length * 2);
    const keys = new Uint32Array(entries * 4);
    keys.set(this.keys);
    const hashes = new Uint32Array(entries);
    hashes.set(this.hashes);
    this.keys = keys;
    this.hashes = hashes;
    this.texts.length = entries;
    this.slots = new Int32Array(2 * tableSize(entries));
    this.mask = tableSize(entries) - 1;
    for (let at = 0; at < this.size; at++) {
      if (this.texts[at] !== undefined) continue;
      const slot = this.freeSlot(this.hashes[at]!);
      if (slot >= 0) {
        this.slots[2 * slot] = at + 1;
        this.slots[2 * slot + 1] = this.hashes[at]!;
      } else {
        // Rare: a cluster longer than the bound. The entry moves to the Set, as its text.
        const text = uuidText(keys, at * 4);
        this.texts[at] = text;
        this.strings.add(text);
      }
    }
  }
}

/** A power of two at least twice the entries: the table stays at most half full. */
function tableSize(entries: number): number {
  let size = 8;
  while (size < entries * 2) size *= 2;
  return size;
}

/** Fills `out` with the 128 bits of a lowercase 8-4-4-4-12 hex UUID; false for any other string. */
function uuidWords(id: string, out: Uint32Array): boolean {
  if (id.length !== 36 || id.charCodeAt(8) !== 45 || id.charCodeAt(13) !== 45 || id.charCodeAt(18) !== 45 || id.charCodeAt(23) !== 45)
    return false;
  const w0 = hex(id, 0, 8, 0);
  const w1 = hex(id, 14, 4, hex(id, 9, 4, 0));
  const w2 = hex(id, 24, 4, hex(id, 19, 4, 0));
  const w3 = hex(id, 28, 8, 0);
  if (w0 < 0 || w1 < 0 || w2 < 0 || w3 < 0) return false;
  out[0] = w0;
  out[1] = w1;
  out[2] = w2;
  out[3] = w3;
  return true;
}

/** Value of each lowercase hex digit by char code; -1 for every other code below 128. */
const HEX = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) HEX['0123456789abcdef'.charCodeAt(d)] = d;

/** `acc` followed by `count` lowercase hex digits of id[at…], as an unsigned 32-bit number; -1 on a non-digit. */
function hex(id: string, at: number, count: number, acc: number): number {
  if (acc < 0) return -1;
  let value = acc;
  for (let i = at; i < at + count; i++) {
    const c = id.charCodeAt(i);
    const v = c < 128 ? HEX[c]! : -1;
    if (v < 0) return -1;
    value = value * 16 + v; // arithmetic, not <<: stays exact and non-negative up to 2^32
  }
  return value;
}

/** The lowercase UUID text of four words (the inverse of uuidWords). */
function uuidText(keys: Uint32Array, k: number): string {
  const hex = [0, 1, 2, 3].map((i) => keys[k + i]!.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** murmur3 (32-bit) over the four words, seeded. */
function hashWords(words: Uint32Array, seed: number): number {
  let h = seed;
  for (let i = 0; i < 4; i++) {
    let k = Math.imul(words[i]!, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  h ^= 16;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
