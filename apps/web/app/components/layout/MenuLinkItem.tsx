import { Link } from 'react-router';
import type { MenuLink } from '@crema/contract';

const EXTERNAL = /^(https?:)?\/\/|^(mailto|tel):/i;

/** A menu link: internal ones navigate inside the app, external ones are plain links. */
export function MenuAnchor({ link, className }: { link: MenuLink; className?: string }) {
  const blank = link.target === '_blank';
  if (!link.url) return <span className={className}>{link.title}</span>;
  if (EXTERNAL.test(link.url) || blank) {
    return (
      <a className={className} href={link.url} target={blank ? '_blank' : undefined} rel={blank ? 'noopener noreferrer' : undefined}>
        {link.title}
      </a>
    );
  }
  return (
    <Link className={className} to={link.url} prefetch="intent">
      {link.title}
    </Link>
  );
}
