/**
 * Ways to cut one byte stream into reads, for tests: whole, every two-piece split (so every byte
 * boundary is a cut once — inside multi-byte characters and between `\r` and `\n` included), and
 * one byte per read.
 */
export function* rechunkings(
  bytes: Uint8Array,
): Generator<{ label: string; chunks: Uint8Array[] }> {
  yield { label: 'whole', chunks: [bytes] };
  for (let cut = 1; cut < bytes.length; cut++) {
    yield { label: `split at ${cut}`, chunks: [bytes.subarray(0, cut), bytes.subarray(cut)] };
  }
  const single: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i++) single.push(bytes.subarray(i, i + 1));
  yield { label: 'one byte per read', chunks: single };
}
