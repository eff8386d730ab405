import { DEMO_PATHS } from './paths';
import './demo.css';

/** /book-a-demo: what a demo is and the three ways on (check the place, book it, or be told when demos open). */
export function BookADemoPage() {
  return (
    <article className="demo-page" aria-labelledby="book-a-demo-title">
      <h1 id="book-a-demo-title">Book a demo</h1>
      <p>
        Try IBC Cricket before you buy: our team brings the VR kit and the game to your venue, club, school or
        home and sets it up, so your players can bat and bowl in it and ask us anything.
      </p>
      <ol className="demo-page__steps">
        <li>
          <a href={DEMO_PATHS.availability}>Check that we can come to your pincode</a>.
        </li>
        <li>Tell us about your place and the times that suit you; we call you to confirm one.</li>
        <li>We arrive, set up and run the demo with you.</li>
      </ol>
      <a className="ui-button demo-page__action" data-variant="primary" data-size="l" href={DEMO_PATHS.form}>
        <span className="ui-button__content">Book a demo</span>
      </a>
      <p className="demo-page__aside">
        No time that suits you yet? <a href={DEMO_PATHS.notifyMe}>Ask us to tell you when new demos open</a>.
      </p>
    </article>
  );
}
