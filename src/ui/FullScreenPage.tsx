import type { ReactNode } from 'react';
import { Logo } from './Logo';
import './FullScreenPage.css';

export interface FullScreenPageProps {
  heading: ReactNode;
  subtext?: ReactNode;
  /** The call to action: a Button, or a router Link styled with the ui-button classes. */
  action?: ReactNode;
  /** Anything between the subtext and the action (e.g. the maintenance countdown). */
  children?: ReactNode;
  showLogo?: boolean;
  headingLevel?: 1 | 2;
  /** main when the page is the whole app (maintenance); div inside a shell that has its own main. */
  as?: 'main' | 'div';
  className?: string;
}

/** A page of its own: logo, heading, subtext and a call to action, centred in the viewport. */
export function FullScreenPage({
  heading,
  subtext,
  action,
  children,
  showLogo = true,
  headingLevel = 1,
  as: Root = 'main',
  className,
}: FullScreenPageProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Root className={['ui-full-screen', className].filter(Boolean).join(' ')}>
      {showLogo && <Logo size={72} />}
      <Heading className="ui-full-screen__heading">{heading}</Heading>
      {subtext && <p className="ui-full-screen__subtext">{subtext}</p>}
      {children && <div className="ui-full-screen__body">{children}</div>}
      {action && <div className="ui-full-screen__action">{action}</div>}
    </Root>
  );
}
