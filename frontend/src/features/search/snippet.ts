/** Where search_site's snippet starts a match (ts_headline's StartSel): a private-use character. */
export const MATCH_START = '\uE000';
/** Where the match ends (StopSel). */
export const MATCH_END = '\uE001';

/** A run of a snippet's text: a match of the query, or the text around the matches. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * The snippet cut at its match markers. The parts are plain text, shown as text nodes (a match
 * in a <mark>), so whatever markup the indexed text holds shows as the characters it is. A
 * marker out of place (a start inside a match, an end outside one) is dropped; a match left
 * open ends with the snippet. Empty parts are left out.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text !== '') parts.push({ text, match });
    text = '';
  };
  for (const char of snippet) {
    if (char === MATCH_START || char === MATCH_END) {
      const opens = char === MATCH_START;
      if (opens !== match) {
        flush();
        match = opens;
      }
    } else {
      text += char;
    }
  }
  flush();
  return parts;
}
