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
  // The click has started the download by the next task; the object URL can go then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
