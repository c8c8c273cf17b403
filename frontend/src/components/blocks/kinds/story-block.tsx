import { TargetIcon } from '@/components/ui/marketing-icons';
import { textOf, textsOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { titleIdOf } from './block-section';
import './story-block.css';

/** The story's paragraphs beside the highlighted mission card (the about page's "Our story"). */
export function StoryBlock({ data, blockId }: BlockProps) {
  const titleId = titleIdOf(blockId);
  return (
    <section className="section" aria-labelledby={titleId}>
      <div className="container two-column">
        <div className="prose">
          <h2 id={titleId} className="section__title">
            {textOf(data, 'title')}
          </h2>
          {textsOf(data, 'paragraphs').map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>

        <div className="about-mission">
          <span className="card__icon">
            <TargetIcon size={24} />
          </span>
          <h2 className="about-mission__title">{textOf(data, 'missionTitle')}</h2>
          <p className="about-mission__text">{textOf(data, 'missionText')}</p>
        </div>
      </div>
    </section>
  );
}
