// A 64-bit hash of a string, as two 32-bit words, for the fingerprint table (changes/matcher):
// the mixing of cyrb53 (bryc, public domain) with both of its 32-bit states kept, where cyrb53
// keeps 53 bits. Seeded per table with a random value, so which slot a fingerprint lands in
// cannot be chosen by whoever writes the fingerprints (the service is not trusted): linear
// probing stays O(1) per issue on average. Two distinct fingerprints share a hash with a
// probability of about n²/2⁶⁵ (10⁻⁹ for two 100,000-issue reports).

/** The words of the last hash64 (out-parameters: no allocation per issue). */
export const hashed = { hi: 0, lo: 0 };

/** Hashes the UTF-16 code units of `text` into `hashed`. */
export function hash64(text: string, seed: number): void {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  hashed.hi = h2 >>> 0;
  hashed.lo = h1 >>> 0;
}
