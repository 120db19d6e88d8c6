import { currentMonth, isMonth } from '../../lib/billing-month';

/**
 * The month a billing page shows: `month` in the URL, or this month; a month that has not begun
 * has no bill yet (the API refuses it), so it shows this month.
 */
export function billingMonthOf(search: URLSearchParams) {
  const requested = search.get('month');
  const thisMonth = currentMonth();
  return isMonth(requested) && requested <= thisMonth ? requested : thisMonth;
}
