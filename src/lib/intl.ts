/**
 * Intl formatters made once per locale and options. Making one costs far more than formatting with
 * it: the storage list's 25 sizes spent ~9 ms making a NumberFormat each (Chromium, desktop), and a
 * list formats on every row. The keys come from the panel's own options (a few currencies, fraction
 * digits, locales), so the caches stay small; each is cleared if it ever holds `maxEach`.
 */
const maxEach = 100;

function memoised<Options, Format>(make: (locale?: string, options?: Options) => Format) {
  const made = new Map<string, Format>();
  return (locale?: string, options?: Options): Format => {
    const key = JSON.stringify([locale ?? null, options ?? null]);
    let format = made.get(key);
    if (format === undefined) {
      if (made.size >= maxEach) made.clear();
      format = make(locale, options);
      made.set(key, format);
    }
    return format;
  };
}

export const numberFormat = memoised(
  (locale?: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export const dateTimeFormat = memoised(
  (locale?: string, options?: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options),
);

export const relativeTimeFormat = memoised(
  (locale?: string, options?: Intl.RelativeTimeFormatOptions) =>
    new Intl.RelativeTimeFormat(locale, options),
);
