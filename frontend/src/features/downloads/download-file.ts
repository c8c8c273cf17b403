/** '{title}.pdf', without characters file systems refuse. */
export function pdfFileName(title: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'whitepaper'}.pdf`;
}

export class NoPublicUrlError extends Error {
  constructor(filePath: string) {
    super(`No public URL for ${filePath}`);
    this.name = 'NoPublicUrlError';
  }
}

/** Fetches the bytes and saves them under `fileName` (Blob, object URL and a[download]). */
export async function saveFromUrl(url: string, fileName: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`Download of ${url} failed: HTTP ${response.status}`);
  const blob = await response.blob();
  const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  const objectUrl = URL.createObjectURL(pdf);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    window.setTimeout(() => {
      URL.revokeObjectURL(objectUrl);
    }, 1000);
  }
}
