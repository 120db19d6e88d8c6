import * as z from 'zod/mini';
import { pageSize, positiveInt, updateSearch } from './list-params';

/**
 * A list's state in its URL (docs/architecture.md, Routes): a zod/mini object, one field per search
 * param. Each field gets every value of its param (`label=a&label=b`), and falls back to its
 * default when the URL holds anything else, so a hand-edited link still opens the list.
 */
type UrlField = z.ZodMiniType<unknown, string[]>;
export type UrlSchema = z.ZodMiniObject<Record<string, UrlField>>;

const firstValue = z.pipe(
  z.array(z.string()),
  z.transform((values: string[]) => values[0]),
);

/** The param's first value, parsed by `schema`; absent or refused, `fallback`. */
export function urlValue<T extends z.ZodMiniType<unknown, string | undefined>>(
  schema: T,
  fallback?: z.output<T>,
) {
  return z.catch(z.pipe(firstValue, schema), fallback as z.util.NoUndefined<z.output<T>>);
}

/** A value `schema` accepts (one of an enum), or nothing. */
export const urlChoice = <T extends z.ZodMiniType<unknown, string>>(schema: T) =>
  urlValue(z.optional(schema));

/** Free text, such as a search; an empty value is none. */
export const urlText = () =>
  urlValue(
    z.pipe(
      z.optional(z.string()),
      z.transform((text) => text || undefined),
    ),
  );

/** Every value of a repeated param (`label=a&label=b`), or nothing. */
export const urlList = () =>
  z.pipe(
    z.array(z.string()),
    z.transform((values: string[]) => (values.length > 0 ? values : undefined)),
  );

/** Rows per page: one of the offered sizes, else `fallback`. */
export const urlPageSize = (fallback: number) =>
  z.pipe(
    firstValue,
    z.transform((text) => pageSize(text ?? null, fallback)),
  );

/** The first row's offset: a non-negative integer, else 0. */
export const urlOffset = () =>
  z.pipe(
    firstValue,
    z.transform((text) => positiveInt(text ?? null, 0)),
  );

/** The state a list's URL describes. */
export function readUrlState<S extends UrlSchema>(schema: S, search: URLSearchParams): z.output<S> {
  const values = Object.fromEntries(
    Object.keys(schema.def.shape).map((key) => [key, search.getAll(key)]),
  );
  return schema.parse(values);
}

/** A change of some params of a list's URL: null or an empty list removes one. */
export type UrlChanges<S extends UrlSchema> = Partial<
  Record<keyof S['def']['shape'], string | string[] | null>
>;

/** The URL after `changes`; a change that narrows or reorders the list starts on its first page. */
export function writeUrlState<S extends UrlSchema>(
  search: URLSearchParams,
  changes: UrlChanges<S>,
  { keepOffset = false }: { keepOffset?: boolean } = {},
): URLSearchParams {
  return updateSearch(search, changes as Record<string, string | string[] | null>, { keepOffset });
}
