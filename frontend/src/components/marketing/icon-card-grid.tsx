import type { ComponentType, ReactNode } from 'react';
import type { IconProps } from '@/components/ui/icons';
import { PageSection, type PageSectionProps } from './page-section';

interface IconCardItemProps {
  title: string;
  Icon: ComponentType<IconProps>;
  /** The item's anchor id (a link target), if any. */
  id?: string;
  className?: string;
  /** What follows the title: the card's text, lists, links. */
  children: ReactNode;
}

/** A card-grid item that opens with an icon and a title. */
export function IconCardItem({ title, Icon, id, className = 'card', children }: IconCardItemProps) {
  return (
    <li id={id} className={className}>
      <span className="card__icon">
        <Icon size={24} />
      </span>
      <h3 className="card__title">{title}</h3>
      {children}
    </li>
  );
}

/** One card of an IconCardGrid. */
export interface IconCard {
  title: string;
  text: string;
  Icon: ComponentType<IconProps>;
}

/** Three cards a row, each an icon, a title and a sentence (a marketing page's feature list). */
export function IconCardGrid({ cards }: { cards: readonly IconCard[] }) {
  return (
    <ul className="card-grid card-grid--3">
      {cards.map(({ title, text, Icon }) => (
        <IconCardItem key={title} title={title} Icon={Icon}>
          <p className="card__text">{text}</p>
        </IconCardItem>
      ))}
    </ul>
  );
}

/** A PageSection whose content is an IconCardGrid. */
export function IconCardSection({
  cards,
  ...section
}: Omit<PageSectionProps, 'children'> & { cards: readonly IconCard[] }) {
  return (
    <PageSection {...section}>
      <IconCardGrid cards={cards} />
    </PageSection>
  );
}
