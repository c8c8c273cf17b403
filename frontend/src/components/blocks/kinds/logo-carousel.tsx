import type { FocusEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/ui/marketing-icons';
import { useMediaQuery } from '@/lib/use-media-query';
import { CAROUSEL_TRANSITION_MS, useCarousel } from './use-carousel';

/** A customer's logo: their name (announced after a manual step), the image and its alt text (else the name). */
export interface CustomerLogo {
  name: string;
  src: string;
  alt?: string;
}

/** Every logo is drawn in a 200x64 box (the files are that size; others are scaled into it). */
export const LOGO_WIDTH = 200;
export const LOGO_HEIGHT = 64;
/** Most logos visible at once (wide screens); that many clones follow the list for the loop. */
export const MAX_VISIBLE_LOGOS = 5;

interface LogoCarouselProps {
  logos: readonly CustomerLogo[];
}

/**
 * Customer logos advancing one step every 3 seconds and looping. Pause control, previous
 * and next buttons; rotation holds while hovered or focused, and does not start on its own
 * when the visitor prefers reduced motion.
 */
export function LogoCarousel({ logos }: LogoCarouselProps) {
  // The server (and hydration) assume motion is fine.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const carousel = useCarousel({ count: logos.length, autoplay: !reducedMotion });
  const slides = [...logos, ...logos.slice(0, MAX_VISIBLE_LOGOS)];
  const current = logos[carousel.index];

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) carousel.setFocused(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Customer logos"
      data-index={carousel.index}
      onMouseEnter={() => {
        carousel.setHovered(true);
      }}
      onMouseLeave={() => {
        carousel.setHovered(false);
      }}
      onFocus={() => {
        carousel.setFocused(true);
      }}
      onBlur={onBlur}
    >
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__button"
          onClick={carousel.togglePlaying}
          aria-label={carousel.playing ? 'Pause logo carousel' : 'Play logo carousel'}
        >
          {carousel.playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
        </button>
        <button type="button" className="carousel__button" onClick={carousel.previous} aria-label="Previous logo">
          <ChevronLeftIcon size={18} />
        </button>
        <button type="button" className="carousel__button" onClick={carousel.next} aria-label="Next logo">
          <ChevronRightIcon size={18} />
        </button>
      </div>

      <div className="carousel__viewport">
        <div
          className="plain-list carousel__track"
          style={{
            transform: `translateX(calc(${-carousel.position} * 100% / var(--carousel-visible)))`,
            transition: carousel.animate ? `transform ${CAROUSEL_TRANSITION_MS}ms ease` : 'none',
          }}
        >
          {slides.map((logo, slide) => {
            const clone = slide >= logos.length;
            return (
              <div
                key={clone ? `clone-${logo.name}` : logo.name}
                className="carousel__slide"
                role={clone ? undefined : 'group'}
                aria-roledescription={clone ? undefined : 'slide'}
                aria-label={clone ? undefined : `${slide + 1} of ${logos.length}`}
                aria-hidden={clone || undefined}
              >
                <img
                  className="carousel__logo"
                  src={logo.src}
                  alt={clone ? '' : (logo.alt ?? logo.name)}
                  width={LOGO_WIDTH}
                  height={LOGO_HEIGHT}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                />
              </div>
            );
          })}
        </div>
      </div>
      {/* Announces the current logo after a manual step, never while rotating on its own. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {carousel.rotating ? '' : `${current?.name ?? ''}, ${carousel.index + 1} of ${logos.length}`}
      </p>
    </section>
  );
}
