import { Checklist } from '@/components/marketing/checklist';
import { IconCardItem } from '@/components/marketing/icon-card-grid';
import { ArrowRightIcon } from '@/components/ui/icons';
import { choiceOf, linkOf, listOf, textOf, textsOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { BlockActionLink } from './block-action';
import { iconOf } from './block-icons';
import { anchorOf, BlockSection } from './block-section';

/**
 * Cards with an icon, a title and a sentence (services, careers' benefits, the API's features),
 * three or four a row; a card may add checked points and a link, and its anchor is its id.
 */
export function FeatureGridBlock({ data, blockId }: BlockProps) {
  const columns = choiceOf(data, 'columns', ['3', '4']);
  return (
    <BlockSection data={data} blockId={blockId}>
      <ul className={`card-grid card-grid--${columns}`}>
        {listOf(data, 'cards').map((card, index) => {
          const points = textsOf(card, 'points');
          const link = {
            label: textOf(card, 'linkLabel'),
            href: linkOf(card, 'linkHref'),
          };
          return (
            <IconCardItem key={index} id={anchorOf(card)} title={textOf(card, 'title')} Icon={iconOf(card)}>
              <p className="card__text">{textOf(card, 'text')}</p>
              {points.length > 0 && <Checklist items={points} />}
              {link.label && link.href && (
                <p className="card__footer">
                  <BlockActionLink action={link} className="text-link">
                    <ArrowRightIcon size={16} />
                  </BlockActionLink>
                </p>
              )}
            </IconCardItem>
          );
        })}
      </ul>
    </BlockSection>
  );
}
