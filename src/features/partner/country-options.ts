import { alpha2ByAlpha3, countryCodes } from '../../../contract/countries';

export interface CountryOption {
  code: string;
  label: string;
}

let cached: CountryOption[] | undefined;

/** Every ISO 3166-1 country as "Name (ABC)", sorted by name in the browser's language. */
export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(undefined, { type: 'region', fallback: 'code' });
  cached = countryCodes
    .map((code) => {
      const name = names.of(alpha2ByAlpha3.get(code)!) ?? code;
      return { code, label: `${name} (${code})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
  return cached;
}
