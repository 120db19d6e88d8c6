import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { DefaultError, QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { UuidKind } from '../../contract/common';

/**
 * What a panel group (`src/features/<group>/group.ts`) tells the app: its pages, links,
 * navigation, the resource its UUIDs name and, in `search.ts` beside it, how the command palette
 * searches it. The manifest is in the signed-in shell's first load: it imports only icons and
 * its pages' lazy loaders, never a page or an API module.
 */
export interface GroupManifest<Paths extends object = object> {
  /** The group's folder under src/features: the palette finds `search.ts` there. */
  name: string;
  /** Link builders: each URL segment of the group spelled once. Also in `links`. */
  paths: Paths;
  /** Pages under the app shell; the route table's patterns come from `paths`. */
  routes: readonly GroupRoute[];
  /** Drawer, dashboard cards and the palette's page list, in this order. */
  navigation: readonly NavigationEntry[];
  /** The UUID type (api-rules §2.1) that opens a detail page of this group. */
  resource?: ResourcePage;
}

export interface GroupRoute {
  /** A pattern: the group's path builder called with `:uuid` and the like. */
  path: string;
  /** Its breadcrumb. */
  crumb: string;
  /** A lazy page; with `children`, the page at `path` itself. */
  page?: ComponentType;
  /** Loads the page's first reads, started with its code (see `RoutePrefetch`). */
  prefetch?: () => Promise<{ prefetch: RoutePrefetch }>;
  children?: readonly GroupRoute[];
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
 * One page of a group, written once: its route and, given a description and an icon, its
 * navigation entry (in the order of `pages`, top level only).
 */
export type GroupPage<Module> = {
  /** A pattern: the group's path builder called with `:uuid` and the like; the entry's `to`. */
  path: string;
  /** Its breadcrumb and the entry's label. */
  label: string;
  /** The page: the name it is exported under from the module `load` imports. */
  page: PageName<Module>;
  /** Its first reads, `() => import('./prefetch')`: a small module, not the page's chunk. */
  prefetch?: GroupRoute['prefetch'];
  children?: readonly GroupPage<Module>[];
} & (EntryFacts | { [Fact in keyof EntryFacts]?: never });

/** The names of `Module`'s exports that are components. */
type PageName<Module> = {
  [Name in keyof Module]: Module[Name] extends ComponentType ? Name : never;
}[keyof Module];

/** What a navigation entry adds to its page's facts. */
type EntryFacts = Omit<NavigationEntry, 'label' | 'to'>;

/**
 * A group's manifest, its routes and navigation derived from `pages`. `load` is the group's one
 * import of its pages' chunk.
 */
export function defineGroup<Paths extends object, Module>({
  load,
  pages,
  ...group
}: Omit<GroupManifest<Paths>, 'routes' | 'navigation'> & {
  load: () => Promise<Module>;
  pages: readonly GroupPage<Module>[];
}): GroupManifest<Paths> {
  const route = ({ path, label, page, prefetch, children }: GroupPage<Module>): GroupRoute => ({
    path,
    crumb: label,
    page: lazy(async () => ({ default: (await load())[page] as ComponentType })),
    prefetch,
    children: children?.map(route),
  });
  return {
    ...group,
    routes: pages.map(route),
    navigation: pages.flatMap(
      ({ path: to, page: _page, prefetch: _prefetch, children: _children, ...entry }) =>
        entry.icon ? [{ ...entry, to }] : [],
    ),
  };
}

/** Lower-case keywords of a palette item, without the missing ones. */
export const keywords = (values: (string | undefined)[]) =>
  values.filter((value): value is string => Boolean(value)).map((value) => value.toLowerCase());
