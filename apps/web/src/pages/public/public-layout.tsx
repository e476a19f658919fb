import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Icon, type TIconName } from './icons';
import { mailto } from './site-contact';

/**
 * A page reached by a link from far down another page (the footer) starts at its top, and
 * `#section` addresses (`/#printers`, `/business#pricing`) scroll to the section: the router
 * does neither by itself. Effects only: nothing here runs during a server render.
 */
export function usePageScroll(): void {
  const { hash } = useLocation();
  useEffect(() => {
    // Optional call: jsdom has no scrolling.
    if (!window.location.hash) document.scrollingElement?.scrollTo?.(0, 0);
  }, []);
  useEffect(() => {
    const id = hash.slice(1);
    // Not `#modal=a.b`, which opens a modal over the page.
    if (!SECTION_ID.test(id)) return;
    document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

const SECTION_ID = /^[A-Za-z][\w-]*$/;

/** The coloured band at the top of a public page, with the page's one <h1>. */
export function PublicHero({
  eyebrow,
  title,
  lead,
  icon,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  icon?: TIconName;
  children?: ReactNode;
}) {
  return (
    <header className="public-hero">
      <div className="public-hero__inner container">
        <p className="public-hero__eyebrow">
          {icon && <Icon name={icon} size={18} />}
          {eyebrow}
        </p>
        <h1 className="public-hero__title">{title}</h1>
        <p className="public-hero__lead">{lead}</p>
        {children && <div className="public-hero__actions">{children}</div>}
      </div>
    </header>
  );
}

/** A card with an icon, a heading and text: the building block of most public sections. */
export function FeatureCard({
  icon,
  title,
  children,
  headingLevel = 3,
  testId,
}: {
  icon: TIconName;
  title: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
  testId?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="feature-card" data-testid={testId}>
      <span className="feature-card__icon">
        <Icon name={icon} />
      </span>
      <Heading className="feature-card__title">{title}</Heading>
      <div className="feature-card__text">{children}</div>
    </div>
  );
}

/** Pass as a message's `{email}` value; MailtoText puts the link where it lands. */
export const EMAIL_SLOT = '\u0000';

/** A translated sentence formatted with `{ email: EMAIL_SLOT }`, the address as a mailto link. */
export function MailtoText({
  text,
  email,
  subject,
}: {
  text: string;
  email: string;
  subject?: string;
}) {
  const [before = '', after = ''] = text.split(EMAIL_SLOT);
  return (
    <>
      {before}
      <a href={mailto(email, subject)}>{email}</a>
      {after}
    </>
  );
}
