import type { FastifyInstance } from 'fastify';
import type { PriceEntry } from '../../contract/price';
import type { SandboxContext } from './context';

/** Registers a group's routes in one version scope; `handle` keeps each endpoint to its versions. */
export type RouteModule = (scope: FastifyInstance, context: SandboxContext) => void;

/** A migration of one domain's own tables, numbered within the domain; never edited once released. */
export interface DomainMigration {
  version: number;
  sql: string;
}

/**
 * One resource group of the sandbox, registered once in `domains.ts`: its routes, its own tables,
 * what it does once the context exists (simulated transitions), and its demo data.
 */
export interface SandboxDomain {
  name: string;
  routes: RouteModule;
  migrations?: readonly DomainMigration[];
  /** Runs once the context exists: registers job kinds (simulated transitions) and the like. */
  setup?: (context: SandboxContext) => void;
  /** Seeds demo data into a fresh database, after the core seed (accounts exist). */
  seed?: (context: SandboxContext) => void;
  /**
   * The group's own price-list entries (Frankfurt prices, credits an hour for `amount` units),
   * added to every zone's list at its price factor. Its billed types register in `setup`
   * (`context.billing.register`).
   */
  prices?: Readonly<Record<string, PriceEntry>>;
}
