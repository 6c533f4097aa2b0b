/** Hands a downloaded blob to the browser as a file download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** What a download mutation's onSuccess does: saves the file, then `say`s so with its name (a toast). */
export function saveFileThen(say: (fileName: string) => void): (file: { blob: Blob; fileName: string }) => void {
  return ({ blob, fileName }) => {
    saveFile(blob, fileName);
    say(fileName);
  };
}

/** A report's or export's date range: a field left empty is left out. */
export function dateRange(from: string, to: string): { from?: string; to?: string } {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
