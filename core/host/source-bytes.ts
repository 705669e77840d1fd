/**
 * How many bytes of UTF-8 can still decode to a source of at most
 * `maxSourceLength` UTF-16 code units. Every code unit takes at most 3 bytes
 * (a 4-byte sequence is 2 units; an invalid byte becomes one U+FFFD), so a
 * file with more bytes than this is over the limit before it is read: the
 * size can be refused from `fstat` alone, and a reader never builds a string
 * longer than V8 can hold.
 */
export function maxSourceBytes(maxSourceLength: number): number {
  return Math.min(3 * maxSourceLength + 4, 500_000_000);
}
