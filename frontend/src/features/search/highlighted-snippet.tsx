import { Fragment } from 'react';
import { splitSnippet } from './snippet';

/** A search result's snippet with each match of the query in a <mark> (see splitSnippet). */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  return (
    <>
      {splitSnippet(snippet).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}
