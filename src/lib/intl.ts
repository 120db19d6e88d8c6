/**
 * Intl formatters made once per locale and options. Making one costs far more than formatting with
 * it: the storage list's 25 sizes spent ~9 ms making a NumberFormat each (Chromium, desktop), and a
 * list formats on every row. The keys come from the panel's own options (a few currencies, fraction
 * digits, locales), so the caches stay small; each is cleared if it ever holds `maxEach`.
 */
const maxEach = 100;

/** The reader's locale and time zone, where the runtime's own are not theirs. */
interface Reader {
  locale?: string;
  timeZone?: string;
}
// In a browser the runtime's own: one object, not one per format asked for.
const runtime: Reader = {};
let reader: () => Reader = () => runtime;

/**
 * For the server's render (src/app/render-page.tsx): the locale and time zone of the browser a page
 * is rendered for, so that the page reads as the browser will write it when it takes it over.
 */
export function setReader(read: () => Reader): void {
  reader = read;
}

/** `make` memoised, in the reader's locale unless given one (and time zone, with `zoned`). */
function memoised<Options extends object, Format>(
  make: (locale?: string, options?: Options) => Format,
  zoned = false,
) {
  const made = new Map<string, Format>();
  return (givenLocale?: string, givenOptions?: Options): Format => {
    const { locale: readerLocale, timeZone } = reader();
    const locale = givenLocale ?? readerLocale;
    const options =
      zoned && timeZone && !(givenOptions && 'timeZone' in givenOptions)
        ? ({ ...givenOptions, timeZone } as Options)
        : givenOptions;
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
  true,
);

export const relativeTimeFormat = memoised(
  (locale?: string, options?: Intl.RelativeTimeFormatOptions) =>
    new Intl.RelativeTimeFormat(locale, options),
);
