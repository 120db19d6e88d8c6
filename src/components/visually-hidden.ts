/**
 * Hides content from sight but not from assistive technology, as MUI's `visuallyHidden`
 * (@mui/utils, not a direct dependency here) does. Sizes are strings on purpose: in `sx`, a
 * number up to 1 is a fraction of the parent (`width: 1` is 100 %), which once stretched the
 * Kubernetes cluster page to twice the window's width.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
