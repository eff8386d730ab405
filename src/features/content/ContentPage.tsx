import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { LONG_DATE_FORMAT } from '@/lib/dateFormats';
import './content.css';

export interface ContentSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface ContentPageProps {
  title: string;
  intro: ReactNode;
  sections: ContentSection[];
  /** ISO date of the last revision; legal pages show it. */
  revisedOn?: string;
  /** Show the "On this page" list of section links. */
  toc?: boolean;
}

/** The layout every content page shares: a heading, an optional table of contents and sections with anchors. */
export function ContentPage({ title, intro, sections, revisedOn, toc = true }: ContentPageProps) {
  return (
    <article className="content-page">
      <header className="content-page__header">
        <h1>{title}</h1>
        {revisedOn ? (
          <p className="content-page__revised">
            Last updated on <time dateTime={revisedOn}>{format(parseISO(revisedOn), LONG_DATE_FORMAT)}</time>
          </p>
        ) : null}
        <div className="content-page__intro">{intro}</div>
      </header>
      {toc && sections.length > 2 ? (
        <nav className="content-page__toc" aria-label="On this page">
          <h2 className="content-page__toc-title">On this page</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.heading}</h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
