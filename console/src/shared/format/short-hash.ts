/** "A1B2C3D4…E5F6A7" style: enough of a hash to recognise it, the full one goes in a title. */
export function shortHash(hash: string, head = 8, tail = 6): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}
