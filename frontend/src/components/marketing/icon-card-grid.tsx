import type { ComponentType } from 'react';
import type { IconProps } from '@/components/ui/icons';

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
        <li key={title} className="card">
          <span className="card__icon">
            <Icon size={24} />
          </span>
          <h3 className="card__title">{title}</h3>
          <p className="card__text">{text}</p>
        </li>
      ))}
    </ul>
  );
}
