import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { DefaultError, QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { UuidKind } from '../../contract/common';
import { withQuery } from './links';
import { preloadable } from './preloadable';

/**
 * What a panel group (`src/features/<group>/group.ts`) tells the app: its pages, links,
 * navigation, the resource its UUIDs name and, in `search.ts` beside it, how the command palette
 * searches it. The manifest is in the signed-in shell's first load: it imports only icons and
 * its pages' lazy loaders, never a page or an API module.
 */
export interface GroupManifest<Paths extends object = object> {
  /** The group's folder under src/features: the palette finds `search.ts` there. */
  name: string;
  /** Link builders, from its pages' patterns (each URL segment spelled once). Also in `links`. */
  paths: Paths;
  /** Pages under the app shell; their patterns are the ones the link builders fill in. */
  routes: readonly GroupRoute[];
  /** Drawer, dashboard cards and the palette's page list, in this order. */
  navigation: readonly NavigationEntry[];
  /** The UUID type (api-rules §2.1) that opens a detail page of this group. */
  resource?: ResourcePage;
}

export interface GroupRoute {
  /** A whole pattern, `/servers/:uuid`: the page's `path` below its parents'. */
  path: string;
  /** Its breadcrumb. */
  crumb: string;
  /** A lazy page; with `children`, the page at `path` itself. */
  page?: ComponentType;
  /** Starts loading `page`'s code, which it then renders without suspending. */
  preload?: () => Promise<unknown>;
  /** Loads the page's first reads, started with its code (see `RoutePrefetch`). */
  prefetch?: () => Promise<{ prefetch: RoutePrefetch }>;
  /** Its fixed heading, which the app shell shows while the page's code loads. */
  heading?: PageHeading;
  children?: readonly GroupRoute[];
}

/**
 * A page's h1 and the line under it, when they do not depend on its data. The app shell shows
 * them, in the page's own `PageHeader`, while the page's code loads, so the page's largest text
 * paints with the shell; the page renders the same object, so nothing changes or moves when it
 * takes over.
 */
export interface PageHeading {
  title: string;
  description: string;
}

/**
 * What a group's `prefetch.ts` exports: starts the first reads of a page, from the page's own
 * query factory and URL parsing, the moment its route matches, so that they travel while the
 * page's code loads instead of after it (render as you fetch). `params` are the route's.
 */
export type RoutePrefetch = (
  client: QueryClient,
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
) => void;

/** The drawer's sections, in its order; an entry without one is listed under "Other", last. */
export const navigationSections = [
  'Compute',
  'Storage',
  'Network',
  'Kubernetes',
  'Account & billing',
  'Security',
  'Other',
] as const;

export type NavigationSection = (typeof navigationSections)[number];

export interface NavigationEntry {
  label: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
  /** Shown only to partner accounts (api-rules §4.9), whose account record carries `partner`. */
  partnerOnly?: boolean;
  /** `g` then this key opens the page (listed in the cheat sheet). */
  shortcut?: string;
  /** The drawer's heading it is listed under; "Other" when not given. */
  section?: NavigationSection;
}

export interface ResourcePage {
  kind: UuidKind;
  /** Its detail page; the app bar search and the palette open it, visits are recent items. */
  page: (uuid: string) => string;
}

/** One thing the palette can open. */
export interface PaletteItem {
  /** Unique within a result list, and stable (the option's DOM id derives from it). */
  id: string;
  kind: string;
  label: string;
  /** A second line: the hostname, the zone, the address it matched. */
  detail?: string;
  to: string;
  /** A pasted UUID: resolved on opening, since the resource may be gone (then the audit log). */
  uuid?: string;
  /** Text the query is matched against, lowercase. */
  keywords: string[];
}

/** A list the command palette searches: one query, and the items its answer lists. */
export interface PaletteSource<Data = unknown, Key extends QueryKey = QueryKey> {
  /** Names the list when it could not be read ("Could not search Servers"). */
  title: string;
  /** `search` is the typed text once typing settles, for lists searched on the server. */
  query: (search: string) => UseQueryOptions<Data, DefaultError, Data, Key>;
  /** `labelAt` names an item of a list before this one (in the groups' order) by its link. */
  items: (data: Data, labelAt: (to: string) => string | undefined) => PaletteItem[];
}

/**
 * What a group's `search.ts` exports. It loads with the command palette or the app bar search,
 * not with the shell, so it may import the group's API module.
 */
export interface GroupSearch {
  palette?: PaletteSource;
  /** Reads the resource of `resource.kind`; an API error with status 404 means it is gone. */
  fetchResource?: (uuid: string) => Promise<unknown>;
}

/** Types a group's source; the palette reads any source's answer as `unknown`. */
export const paletteSource = <Data, Key extends QueryKey>(source: PaletteSource<Data, Key>) =>
  source as unknown as PaletteSource;

/**
 * One page of a group, written once: its route, its link builder and, given a description and an
 * icon, its navigation entry (in the order of `pages`, top level only).
 */
export type GroupPage<Module> = {
  /**
   * Its URL pattern: a top-level page's from the root (`/servers`), a child's below its parent's
   * (`new`, `:uuid`), so that each segment is spelled once. The entry's `to`.
   */
  path: string;
  /**
   * The name of its link builder in `paths` (and `links`): the builder takes the pattern's
   * parameters, then the values of `query`, and fills them in.
   */
  link?: string;
  /** The query parameters its link builder takes after the path's, all optional. */
  query?: readonly string[];
  /** The UUID type (api-rules §2.1) whose pasted UUIDs open this page, its one parameter. */
  kind?: UuidKind;
  /** Its breadcrumb and the entry's label. */
  label: string;
  /** The page: the name it is exported under from the module `load` imports. */
  page: PageName<Module>;
  /** Its first reads, `() => import('./prefetch')`: a small module, not the page's chunk. */
  prefetch?: GroupRoute['prefetch'];
  /** Its fixed heading, from a module the page imports too (the page cannot import `group.ts`). */
  heading?: PageHeading;
  children?: readonly GroupPage<Module>[];
} & (EntryFacts | { [Fact in keyof EntryFacts]?: never });

/** The names of `Module`'s exports that are components. */
type PageName<Module> = {
  [Name in keyof Module]: Module[Name] extends ComponentType ? Name : never;
}[keyof Module];

/** What a navigation entry adds to its page's facts. */
type EntryFacts = Omit<NavigationEntry, 'label' | 'to'>;

/** A child's pattern below its parent's. */
type Below<Parent extends string, Path extends string> = Parent extends ''
  ? Path
  : `${Parent}/${Path}`;

/** A string for each `:parameter` of a pattern. */
type PatternParameters<Pattern extends string> = Pattern extends `${string}:${string}/${infer Rest}`
  ? [string, ...PatternParameters<Rest>]
  : Pattern extends `${string}:${string}`
    ? [string]
    : [];

/** The link builders of `Pages` and of their children, by `link`. */
type LinksOf<Pages, Parent extends string> = Pages extends readonly [infer First, ...infer Rest]
  ? LinksOfPage<First, Parent> & LinksOf<Rest, Parent>
  : unknown;

/** A page's link builder, if it has a `link`: its pattern's parameters, then its query's values. */
type LinksOfPage<Page, Parent extends string> = Page extends { path: infer Path extends string }
  ? (Page extends { link: infer Link extends string }
      ? Record<
          Link,
          (
            ...values: [...PatternParameters<Below<Parent, Path>>, ...QueryValues<QueryOf<Page>>]
          ) => string
        >
      : unknown) &
      (Page extends { children: infer Children } ? LinksOf<Children, Below<Parent, Path>> : unknown)
  : unknown;

/** The query parameters a page's link builder takes, `[]` without `query`. */
type QueryOf<Page> = Page extends { query: infer Query extends readonly string[] } ? Query : [];

/** A value, or none, for each name of a query. */
type QueryValues<Query extends readonly string[]> = { [Index in keyof Query]?: string };

/** One object type of an intersection's members, as editors show it. */
type Flat<Type> = { [Key in keyof Type]: Type[Key] };

/**
 * Builds the links to `pattern`: fills its parameters with the first values, in order, then sets
 * the query parameters `query` names from the ones after them, where they have a value. The
 * parameters are UUIDs, lowercase hex and hyphens (api-rules §2.1.3), so they need no encoding.
 */
function linkBuilder(pattern: string, query: readonly string[] = []) {
  return (...values: (string | undefined)[]) => {
    let next = 0;
    const path = pattern.replace(/:[^/]+/g, () => String(values[next++]));
    return withQuery(
      path,
      Object.fromEntries(query.map((name, index) => [name, values[next + index]])),
    );
  };
}

/**
 * A group's manifest, its routes, link builders, navigation and resource page derived from
 * `pages`. `load` is the group's one import of its pages' chunk; `paths` adds link builders that
 * a pattern cannot say (the audit log's filters).
 */
export function defineGroup<
  Module,
  const Pages extends readonly object[],
  Paths extends object = object,
>({
  name,
  load,
  pages,
  paths,
}: {
  name: string;
  load: () => Promise<Module>;
  pages: Pages & readonly GroupPage<Module>[];
  paths?: Paths;
}): GroupManifest<Flat<LinksOf<Pages, ''>> & Paths> {
  const links: Record<string, (...values: (string | undefined)[]) => string> = {};
  const module = preloadable(load);
  let resource: ResourcePage | undefined;
  const route = (
    parent: string,
    { path, link, query, kind, label, page, prefetch, heading, children }: GroupPage<Module>,
  ): GroupRoute => {
    const pattern = parent ? `${parent}/${path}` : path;
    const build = linkBuilder(pattern, query);
    if (link) links[link] = build;
    if (kind) resource = { kind, page: build };
    return {
      path: pattern,
      crumb: label,
      page: module.component((loaded) => loaded[page] as ComponentType),
      preload: module.load,
      prefetch,
      heading,
      children: children?.map((child) => route(pattern, child)),
    };
  };
  // `Pages` keeps the literal links and patterns; checked against `GroupPage` without widening.
  const written: readonly GroupPage<Module>[] = pages;
  const routes = written.map((page) => route('', page));
  return {
    name,
    paths: { ...links, ...paths } as Flat<LinksOf<Pages, ''>> & Paths,
    resource,
    routes,
    navigation: written.flatMap(
      ({
        path: to,
        link: _link,
        query: _query,
        kind: _kind,
        page: _page,
        prefetch: _prefetch,
        heading: _heading,
        children: _children,
        ...entry
      }) => (entry.icon ? [{ ...entry, to }] : []),
    ),
  };
}

/** Lower-case keywords of a palette item, without the missing ones. */
export const keywords = (values: (string | undefined)[]) =>
  values.filter((value): value is string => Boolean(value)).map((value) => value.toLowerCase());
