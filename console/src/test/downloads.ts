import { vi } from 'vitest';

/**
 * Saves files nowhere: object URLs are stubbed and a download link's click records the file's name instead.
 * Returns the names saved from now on, in order; call it in a beforeEach.
 */
export function recordDownloads(objectUrl: string): string[] {
  const downloads: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => objectUrl), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return downloads;
}
