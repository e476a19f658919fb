import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon, type TIconName } from './icons';
import { mailto } from './site-contact';
import '../../styles/public/public-layout.css';
import '../../styles/public/content.css';

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

/** A link with a trailing arrow, to another page or section. */
export function ArrowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="arrow-link">
      {children}
      <Icon name="arrow" size={18} />
    </Link>
  );
}

/** A text card with a titled heading (optionally with an icon) on the content pages. */
export function ProseCard({
  id,
  title,
  icon,
  wide = false,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: ReactNode;
  icon?: TIconName;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`card prose-card${wide ? ' prose-card--wide' : ''}`} aria-labelledby={id}>
      <h2 id={id} className="prose-card__title">
        {icon && <Icon name={icon} size={26} />}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The closing band of a landing page: a title, a line of text and its buttons. */
export function FinalCta({
  id,
  testId,
  title,
  text,
  children,
}: {
  id: string;
  testId: string;
  title: string;
  text: string;
  /** The buttons, then anything to say below them. */
  children: ReactNode;
}) {
  return (
    <section className="final-cta" data-testid={testId} aria-labelledby={id}>
      <div className="final-cta__inner container">
        <h2 id={id} className="final-cta__title">
          {title}
        </h2>
        <p className="final-cta__text">{text}</p>
        {children}
      </div>
    </section>
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
