interface ChipListProps {
  /** The list's accessible name. */
  label: string;
  items: readonly string[];
  /** Classes besides chip-list (spacing). */
  className?: string;
  /** The look of each chip. */
  chipClassName: string;
}

/** A labelled, wrapping row of short texts shown as chips (a post's tags, an integration's systems). */
export function ChipList({ label, items, className, chipClassName }: ChipListProps) {
  return (
    <ul className={className ? `chip-list ${className}` : 'chip-list'} aria-label={label}>
      {items.map((item) => (
        <li key={item} className={chipClassName}>
          {item}
        </li>
      ))}
    </ul>
  );
}
