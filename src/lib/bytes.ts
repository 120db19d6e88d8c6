import { numberFormat } from './intl';

const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in decimal units (traffic is counted in powers of ten), one fraction digit. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const number = numberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${number.format(value)} ${units[unit]}`;
}
