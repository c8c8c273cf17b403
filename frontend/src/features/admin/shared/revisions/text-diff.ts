/** One run of a diff: text both versions have, or only the newer, or only the older. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many token pairs a diff says "replaced" instead of aligning words (quadratic). */
const MAX_CELLS = 4_000_000;

/** Words and the spaces between them, so the parts joined give the text back. */
function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((token) => token !== '');
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** A word-level diff of two texts (longest common subsequence of their words). */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const parts: DiffPart[] = [];
  if (a.length * b.length > MAX_CELLS) {
    if (before) push(parts, 'removed', before);
    if (after) push(parts, 'added', after);
    return parts;
  }
  // lengths[i][j]: the common subsequence of a[i..] and b[j..], filled from the end.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i] ?? '');
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      push(parts, 'removed', a[i] ?? '');
      i++;
    } else {
      push(parts, 'added', b[j] ?? '');
      j++;
    }
  }
  for (; i < a.length; i++) push(parts, 'removed', a[i] ?? '');
  for (; j < b.length; j++) push(parts, 'added', b[j] ?? '');
  return parts;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Stored rich text as a reader sees it: blocks on their own lines, tags dropped. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>/gi, '\n')
    .replace(/<img\b[^>]*\bsrc="([^"]*)"[^>]*>/gi, '[image $1]')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
