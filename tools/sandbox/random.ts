// Deterministic randomness for the sandbox. Everything the generator produces comes from
// `hash32` (stateless: the same inputs give the same word, so any issue can be generated
// on its own, in any order) or from an `Rng` seeded by such a hash.

/** murmur3's finaliser: every input bit affects every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A well-mixed unsigned 32-bit hash of a list of numbers (order matters). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9 ^ parts.length;
  for (let k = 0; k < parts.length; k++) {
    const n = parts[k] as number;
    // Both 32-bit halves, so seeds above 2^32 and negative seeds still mix in fully.
    const lo = n >>> 0;
    const hi = n >= 0 && n < 0x1_0000_0000 ? 0 : Number.isFinite(n) ? Math.floor(n / 0x1_0000_0000) >>> 0 : 0x7ff80000;
    h = fmix32((h ^ lo) + 0x6d2b79f5);
    h = fmix32((h ^ hi) + 0x6d2b79f5);
  }
  return h;
}

/** Numbers for string labels, so `hash32(seed, label('issue'))` reads well. */
export function label(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for test data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = hash32(seed);
  }

  /** Unsigned 32-bit integer. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Float in [0, 1). */
  float(): number {
    return this.next() / 0x1_0000_0000;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` returns 'a' three times as often. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let x = this.float() * total;
    for (const [item, w] of items) {
      x -= w;
      if (x < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  hex(chars: number): string {
    let out = '';
    while (out.length < chars) out += hex8(this.next());
    return out.length === chars ? out : out.slice(0, chars);
  }

  /** A version-4-shaped UUID drawn from this generator (not from crypto). */
  uuid(): string {
    return formatUuid([this.next(), this.next(), this.next(), this.next()]);
  }
}

/** Formats four 32-bit words as a UUID with the version-4 and RFC 4122 variant bits set. */
export function formatUuid(w: readonly [number, number, number, number]): string {
  const b1 = ((w[1] & 0xffff0fff) | 0x00004000) >>> 0;
  const b2 = ((w[2] & 0x3fffffff) | 0x80000000) >>> 0;
  const h1 = hex8(b1);
  const h2 = hex8(b2);
  return `${hex8(w[0])}-${h1.slice(0, 4)}-${h1.slice(4)}-${h2.slice(0, 4)}-${h2.slice(4)}${hex8(w[3])}`;
}

const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Eight lowercase hex digits of an unsigned 32-bit word (a table beats toString(16) here). */
export function hex8(word: number): string {
  return (
    (BYTE_HEX[(word >>> 24) & 0xff] as string) +
    (BYTE_HEX[(word >>> 16) & 0xff] as string) +
    (BYTE_HEX[(word >>> 8) & 0xff] as string) +
    (BYTE_HEX[word & 0xff] as string)
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
