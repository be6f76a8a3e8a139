/** Hands a file to the browser as a download named `filename` (an object URL on a temporary link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; give slow browsers a moment before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
