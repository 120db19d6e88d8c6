import type { AuditLogView } from './audit-log-params';

/**
 * A filter picker's width, fixed whatever it shows (a long choice ends in an ellipsis), so that
 * the box that holds its place while its code loads has its size.
 */
export const pickerWidth = 200;

/**
 * The three pickers: each one's label and the view's values it shows, for the pickers and for
 * the boxes that show the same while the pickers' code loads.
 */
export const pickers = [
  { label: 'Actions', values: (view: AuditLogView) => view.actions, param: 'action' },
  { label: 'Resource types', values: (view: AuditLogView) => view.types, param: 'type' },
  { label: 'Origins', values: (view: AuditLogView) => view.origins, param: 'origin' },
] as const;

/** What a picker shows for `values`: them, or "Any" for none. */
export const pickerText = (values: readonly string[]) => values.join(', ') || 'Any';
