import { imageOf, listOf, textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { titleIdOf } from './block-section';
import { LogoCarousel, type CustomerLogo } from './logo-carousel';
import './logo-strip-block.css';

/** A title over the customer logos, which rotate in a carousel (pause control, previous and next). */
export function LogoStripBlock({ data, blockId }: BlockProps) {
  const titleId = titleIdOf(blockId);
  const logos = listOf(data, 'logos').flatMap((logo): CustomerLogo[] => {
    const image = imageOf(logo, 'image');
    return image ? [{ name: textOf(logo, 'name'), src: image.src, alt: image.alt }] : [];
  });
  return (
    <section className="logos" aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId} className="logos__title">
          {textOf(data, 'title')}
        </h2>
        {logos.length > 0 && <LogoCarousel logos={logos} />}
      </div>
    </section>
  );
}
