/** Saves text as a file through the browser's download, without a round trip to the server. */
export function downloadText(fileName: string, text: string, type = 'application/yaml') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
