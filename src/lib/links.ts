/**
 * Links to every group's pages. Each group spells its URL segments once, in the path builders
 * of its manifest (`src/features/<group>/group.ts`); a feature may not import another group's
 * manifest (ESLint boundaries), so features and components link through `links` instead:
 * `src/app/groups.ts` copies every manifest's `paths` into it when the signed-in app loads,
 * before any page renders, and types `links` from them (a module augmentation of `GroupPaths`).
 */
// Filled by `src/app/groups.ts` (`declare module '../lib/links'`).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GroupPaths {}

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

export type Links = Intersection<GroupPaths[keyof GroupPaths]>;

export const links = {} as Links;

/** `path`, with the given query parameters that have a value. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
