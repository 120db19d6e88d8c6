import { createElement, lazy } from 'react';

// The group's pages load as one lazy chunk, loaded once by its manifest: the month's bill and
// what it needs first. A resource's bill (its summary card, names with tooltips) is a chunk of
// its own, loaded when opened; the cost chart and recharts load later still (billing-page.tsx).
export { BillingPage } from './billing-page';

const ResourceBill = lazy(async () => ({
  default: (await import('./resource-billing-page')).ResourceBillingPage,
}));

// A component, not the lazy one itself: the manifest's route wraps its page in `lazy` already.
export const ResourceBillingPage = () => createElement(ResourceBill);
