import { alpha2ByAlpha3, countryCodes } from '../../../contract/countries';

export interface ChoiceOption {
  code: string;
  label: string;
}

let countries: ChoiceOption[] | undefined;

/** Every ISO 3166-1 country as "Name (ABC)", sorted by name in the browser's language. */
export function countryOptions(): ChoiceOption[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(undefined, { type: 'region', fallback: 'code' });
  countries = countryCodes
    .map((code) => {
      const name = names.of(alpha2ByAlpha3.get(code)!) ?? code;
      return { code, label: `${name} (${code})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
  return countries;
}

// ISO 639-1 codes of the languages people most often choose; an account's own language is added
// to the list when it is another one (the API takes any two-letter code).
const commonLanguages =
  'ar bg cs da de el en es et fi fr he hi hr hu id it ja ko lt lv ms nb nl pl pt ro ru sk sl sr sv th tr uk vi zh'.split(
    ' ',
  );

/** Two-letter languages as "Name (xx)", with `current` among them. */
export function languageOptions(current?: string): ChoiceOption[] {
  const names = new Intl.DisplayNames(undefined, { type: 'language', fallback: 'code' });
  const codes = new Set(commonLanguages);
  if (current) codes.add(current);
  return [...codes]
    .map((code) => ({ code, label: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** IANA time zones the browser knows, UTC first, with `current` among them. */
export function timeZoneOptions(current?: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(['UTC', ...(current ? [current] : []), ...[...known].sort()]);
  return [...zones];
}
