/**
 * A list whose items are each a title (an h3) and a sentence: plain cards by default (the about
 * page's principles, the service models), or a page's own items (the contact page's next steps).
 */

/** One item of a TitledTextList. */
export interface TitledText {
  title: string;
  text: string;
}

interface TitledTextListProps {
  items: readonly TitledText[];
  /** Lays the list out: a card grid, or a page's own stack. */
  className: string;
  /** An ordered list (<ol>), for steps. */
  ordered?: boolean;
  /** The classes of an item and of its title; a card's unless a page styles its own. */
  itemClassName?: string;
  titleClassName?: string;
}

export function TitledTextList({
  items,
  className,
  ordered = false,
  itemClassName = 'card',
  titleClassName = 'card__title',
}: TitledTextListProps) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item.title} className={itemClassName}>
          <h3 className={titleClassName}>{item.title}</h3>
          <p className="card__text">{item.text}</p>
        </li>
      ))}
    </List>
  );
}
