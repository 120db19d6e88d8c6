import { useCallback, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (and stays so once it has): a ref
 * callback for the element, and the answer. Where IntersectionObserver is missing it answers yes
 * at once, so the element's content still shows.
 */
export function useNearViewport(margin: string) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            setNear(true);
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return { ref, near };
}
