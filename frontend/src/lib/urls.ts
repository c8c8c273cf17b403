/**
 * Resolves `url` against `base` the way a browser resolves a link: absolute URLs are
 * kept, "/path" keeps only the base's origin, "path" is appended to the base path.
 * Used for runtime-config endpoints that may be given relative to the Supabase URL.
 */
export function resolveUrl(url: string, base: string): string {
  const baseWithSlash = base.endsWith('/') ? base : `${base}/`;
  return new URL(url, baseWithSlash).toString();
}
