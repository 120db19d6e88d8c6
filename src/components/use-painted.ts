import { useEffect, useState } from 'react';

/**
 * True from the task after the frame that first paints the component: what renders then (a lazy
 * chunk of controls, say) is asked for after the page's first paint, not in its way.
 */
export function usePainted() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
