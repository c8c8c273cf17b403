import { Link } from 'react-router';

interface ChipListProps {
  /** The list's accessible name. */
  label: string;
  items: readonly string[];
  /** Classes besides chip-list (spacing). */
  className?: string;
  /** The look of each chip. */
  chipClassName: string;
  /** Where a chip leads (a tag's archive), if anywhere: the chip is then that link. */
  itemHref?: (item: string) => string | null;
}

/** A labelled, wrapping row of short texts shown as chips (a post's tags, an integration's systems). */
export function ChipList({ label, items, className, chipClassName, itemHref }: ChipListProps) {
  return (
    <ul className={className ? `chip-list ${className}` : 'chip-list'} aria-label={label}>
      {items.map((item) => {
        const href = itemHref?.(item);
        return href ? (
          <li key={item}>
            <Link to={href} className={chipClassName}>
              {item}
            </Link>
          </li>
        ) : (
          <li key={item} className={chipClassName}>
            {item}
          </li>
        );
      })}
    </ul>
  );
}
