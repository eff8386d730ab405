import { useEffect, useId, useRef, useState } from 'react';

export interface GalleryPicture {
  src: string;
  alt: string;
}

export interface GalleryProps {
  pictures: readonly GalleryPicture[];
  /** What the pictures show, for the carousel's accessible name. */
  label: string;
  /** The first picture of the first card is above the fold: load it at once. */
  eager?: boolean;
}

/** The artwork's intrinsic size (4:3): width and height reserve the space before the image loads. */
export const PICTURE_WIDTH = 400;
export const PICTURE_HEIGHT = 300;

/**
 * A small swipeable gallery: native scroll snapping (so touch, trackpad and keyboard scrolling all
 * work), with dots that show where you are and jump to a picture.
 */
export function Gallery({ pictures, label, eager = false }: GalleryProps) {
  const scroller = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const id = useId();

  useEffect(() => {
    const el = scroller.current;
    if (!el || pictures.length < 2) return;
    const onScroll = () => {
      const width = el.clientWidth || 1;
      setActive(Math.min(pictures.length - 1, Math.max(0, Math.round(el.scrollLeft / width))));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [pictures.length]);

  const show = (index: number) => {
    const el = scroller.current;
    setActive(index);
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (typeof el.scrollTo === 'function') {
      el.scrollTo({ left: index * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
    }
  };

  return (
    <div className="catalogue-gallery">
      <ul
        ref={scroller}
        id={id}
        className="catalogue-gallery__track"
        aria-label={`Pictures of ${label}`}
        // Scrollable: keyboard users can scroll it with the arrow keys once focused.
        tabIndex={pictures.length > 1 ? 0 : undefined}
      >
        {pictures.map((picture, index) => (
          <li
            key={picture.src}
            className="catalogue-gallery__slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${pictures.length}`}
          >
            <img
              src={picture.src}
              alt={picture.alt}
              width={PICTURE_WIDTH}
              height={PICTURE_HEIGHT}
              loading={eager && index === 0 ? 'eager' : 'lazy'}
              decoding="async"
              {...(eager && index === 0 ? { fetchPriority: 'high' as const } : {})}
            />
          </li>
        ))}
      </ul>
      {pictures.length > 1 && (
        <div className="catalogue-gallery__dots">
          {pictures.map((picture, index) => (
            <button
              key={picture.src}
              type="button"
              className="catalogue-gallery__dot"
              aria-controls={id}
              aria-label={`Show picture ${index + 1} of ${pictures.length}: ${picture.alt}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
