/** Where the public registry serves a cited document, checked against its hash. */
export function documentDownloadPath(sha256: string): string {
  return `/api/registry/documents/${encodeURIComponent(sha256)}`;
}
