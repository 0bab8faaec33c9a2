/** The name the member's data is saved under, from the export's own fields. */
export function exportFileName(username: string, exportedAt: string): string {
  return `halfstar-${username}-${exportedAt.slice(0, 10)}.json`;
}

/** Hands `text` to the browser as a download named `name`. */
export function saveFile(name: string, text: string, type = 'application/json') {
  saveBlob(name, new Blob([text], { type }));
}

/** Hands downloaded bytes to the browser as a file named `name`. */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
