/** Hands a file made in the browser to the user as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; by the next task it has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
