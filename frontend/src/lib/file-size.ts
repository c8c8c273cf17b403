/** "0 B", "900 B", "1.5 KB", "12 KB", "2.4 MB" (1 KB = 1024 bytes, one decimal below 10); "Size unknown" when not known. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return 'Size unknown';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 9.95 and up rounds to "10", which takes no decimal.
  const digits = unit === 0 || value >= 9.95 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit] ?? 'B'}`;
}
