/** Per-round left-rotation amounts of MD5 (RFC 1321 §3.4). */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** The 64 additive constants `floor(abs(sin(i + 1)) * 2^32)` (RFC 1321 §3.4). */
const CONSTANTS = Array.from({ length: 64 }, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) >>> 0);

/**
 * MD5 of a string's UTF-8 bytes as 32 lower-case hex characters (RFC 1321). Ibexa keys URL alias path elements by
 * the md5 of their lower-cased text (the REST `urlAliasId` is `<parentId>-<md5>`); core has no crypto module
 * (Web Crypto lacks MD5), hence this small implementation. Not for security purposes.
 */
export function md5(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const blocks = ((bytes.length + 8) >>> 6) + 1;
  const words = new Uint32Array(blocks * 16);
  for (let index = 0; index < bytes.length; index += 1) {
    words[index >>> 2] = (words[index >>> 2] ?? 0) | ((bytes[index] ?? 0) << ((index % 4) * 8));
  }
  words[bytes.length >>> 2] = (words[bytes.length >>> 2] ?? 0) | (0x80 << ((bytes.length % 4) * 8));
  const bitLength = bytes.length * 8;
  words[blocks * 16 - 2] = bitLength >>> 0;
  words[blocks * 16 - 1] = Math.floor(bitLength / 2 ** 32) >>> 0;

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  for (let block = 0; block < blocks; block += 1) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let step = 0; step < 64; step += 1) {
      const round = step >>> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = step;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * step + 1) % 16;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * step + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * step) % 16;
      }
      const sum = (a + f + (CONSTANTS[step] ?? 0) + (words[block * 16 + g] ?? 0)) >>> 0;
      const shift = SHIFTS[round * 4 + (step % 4)] ?? 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return [a0, b0, c0, d0]
    .map((word) => Array.from({ length: 4 }, (_, index) => ((word >>> (index * 8)) & 0xff).toString(16).padStart(2, '0')).join(''))
    .join('');
}
