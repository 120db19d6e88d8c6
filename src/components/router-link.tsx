import { forwardRef } from 'react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';
import type { To } from 'react-router';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface RouterLinkProps extends AnchorProps {
  to: To;
  replace?: boolean;
  /** Marks the link as the current page (`aria-current`, class `active`) while its path is shown. */
  current?: 'path' | 'exact';
}

/**
 * An anchor that navigates in the panel, for MUI's `component` prop (`<Link component={RouterLink}
 * to=…>`). Built from React Router's hooks, not its `Link`: that component also carries framework
 * mode's page prefetching (a `prefetch` prop this panel never sets, with the route-manifest code it
 * needs): about 2.5 KB gzip of the first load, with NavLink. A plain click navigates in the tab; a
 * modified click (new tab, new window, download) and a link with a `target` are left to the
 * browser, as React Router's `Link` leaves them.
 */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, current, onClick, className, target, children, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const active = useIsCurrent(to, current);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      aria-current={active ? 'page' : undefined}
      className={active ? [className, 'active'].filter(Boolean).join(' ') : className}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
});

/** Whether the location shows `to`: exactly, or (`path`) it or a page below it. */
function useIsCurrent(to: To, current: RouterLinkProps['current']) {
  const { pathname } = useLocation();
  const path = useResolvedPath(to).pathname;
  if (current === undefined) return false;
  if (pathname === path) return true;
  return current === 'path' && pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}
