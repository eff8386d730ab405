import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PlayIcon } from '@/ui/icons';
import './HowItWorks.css';

// The modal (and its animation library) loads when the buyer first asks for the video, not with the page.
const Modal = lazy(() => import('@/ui/Modal').then((m) => ({ default: m.Modal })));

export const HOW_IT_WORKS_VIDEO = {
  webm: '/videos/how-it-works.webm',
  mp4: '/videos/how-it-works.mp4',
  poster: '/videos/how-it-works-poster.jpg',
  captions: '/videos/how-it-works.en.vtt',
  width: 720,
  height: 1280,
};

/** The three steps the video shows, also as text for anyone who does not watch it. */
export const HOW_IT_WORKS_STEPS = ['Clear a 2 m square', 'Pick up the bat', 'Take guard'] as const;

function HowItWorksVideo() {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    // Muted as a property too: browsers allow autoplay only for muted video.
    el.muted = true;
    const playing = el.play?.();
    if (playing && typeof playing.catch === 'function') playing.catch(() => undefined);
  }, []);
  return (
    <video
      ref={video}
      className="catalogue-how__video"
      width={HOW_IT_WORKS_VIDEO.width}
      height={HOW_IT_WORKS_VIDEO.height}
      poster={HOW_IT_WORKS_VIDEO.poster}
      autoPlay
      muted
      playsInline
      controls
      loop
      preload="auto"
      aria-describedby="how-it-works-steps"
    >
      <source src={HOW_IT_WORKS_VIDEO.webm} type="video/webm" />
      <source src={HOW_IT_WORKS_VIDEO.mp4} type="video/mp4" />
      <track kind="captions" src={HOW_IT_WORKS_VIDEO.captions} srcLang="en" label="English" default />
    </video>
  );
}

/** Spec §2: a how-it-works banner that opens an autoplaying video modal. */
export function HowItWorksBanner() {
  const [open, setOpen] = useState(false);
  // Once opened, the modal stays mounted so it can animate out.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  return (
    <>
      <button
        type="button"
        className="catalogue-how"
        onClick={() => setOpen(true)}
        // Fetch the modal's code as soon as the buyer shows intent, so the video opens without a wait.
        onPointerEnter={() => void import('@/ui/Modal')}
        onFocus={() => void import('@/ui/Modal')}
        aria-haspopup="dialog"
      >
        <img
          className="catalogue-how__thumb"
          src={HOW_IT_WORKS_VIDEO.poster}
          alt=""
          width={72}
          height={128}
          loading="lazy"
          decoding="async"
        />
        <span className="catalogue-how__text">
          <span className="catalogue-how__title">How it works</span>
          <span className="catalogue-how__sub">Set up in three steps: watch the 12-second video</span>
        </span>
        <span className="catalogue-how__play" aria-hidden="true">
          <PlayIcon />
        </span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <Modal
            open={open}
            onClose={() => setOpen(false)}
            title="How it works"
            bodyClassName="catalogue-how__body"
          >
            <HowItWorksVideo />
            <ol id="how-it-works-steps" className="catalogue-how__steps">
              {HOW_IT_WORKS_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Modal>
        </Suspense>
      ) : null}
    </>
  );
}
