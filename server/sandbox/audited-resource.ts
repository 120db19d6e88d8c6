import type { FastifyRequest } from 'fastify';
import type { AuditResourceType } from '../../contract/audit-log';
import type { AuditedChange, AuditLog } from './audit';
import { auditContext, principalOf } from './http/principal';
import type { createQuotas } from './quotas';

/** One kind of resource a route module changes, and how its audit rows name and show one. */
interface AuditedKind<Row, Shown> {
  resourceType: AuditResourceType;
  resourceSubType?: string;
  /** The resource's id in its rows; a row's `uuid` when not given. */
  id?: (row: Row) => string;
  /** The record a row keeps before and after a change, and the one a create or update answers. */
  record: (row: Row, request: FastifyRequest) => Shown;
  /** The action of an update: `update` unless the service says otherwise (Kubernetes: `modify`). */
  updateAction?: string;
  /** Given, a create is refused (and rolled back) when it takes the account past its limits. */
  quotas?: Pick<ReturnType<typeof createQuotas>, 'guard'>;
  /** With `quotas`, an update is held to the limits too (a storage or server can grow). */
  limitUpdates?: boolean;
}

type Steps<Before, After> = Pick<AuditedChange<Before, After>, 'before' | 'write' | 'after'>;

/**
 * The audited changes of one kind of resource, made once per route module, so that a handler
 * names only the row and its write: `audit.change` with the kind's type, id and record filled
 * in. Each change and its audit row still commit together (`audit.change`'s one transaction).
 */
export function auditedResource<Row, Shown>(audit: AuditLog, kind: AuditedKind<Row, Shown>) {
  const { resourceType, resourceSubType, record } = kind;
  const updateAction = kind.updateAction ?? 'update';
  const idOf = kind.id ?? ((row: Row) => (row as Row & { uuid: string }).uuid);
  const limited = (request: FastifyRequest, write: () => void, held: boolean | undefined) =>
    kind.quotas && held ? kind.quotas.guard(principalOf(request).owner, write) : write;

  /** Any change of `row` under `action`, with its own before and after records. */
  function change<Before = undefined, After = undefined>(
    request: FastifyRequest,
    action: string,
    row: Row,
    steps: Steps<Before, After>,
  ) {
    const resource = { resourceType, resourceSubType, resourceId: idOf(row) };
    return audit.change(auditContext(request), { action, ...resource, ...steps });
  }

  function settle(request: FastifyRequest, row: Row, write: () => Row, action = updateAction) {
    let next = row;
    const written = () => {
      next = write();
    };
    const steps = {
      before: () => record(row, request),
      write: limited(request, written, kind.limitUpdates),
      after: () => record(next, request),
    };
    return change(request, action, row, steps).current;
  }

  return {
    change,

    /** Makes `row` with `write` (within the account's limits when the kind has quotas); answers its record. */
    create(request: FastifyRequest, row: Row, write: () => void, action = 'create'): Shown {
      const after = () => record(row, request);
      return change(request, action, row, { write: limited(request, write, true), after }).current;
    },

    /** Changes `row` into `next` with `write`; answers the record of `next`. */
    update(request: FastifyRequest, row: Row, next: Row, write: () => void, action = updateAction) {
      const written = () => {
        write();
        return next;
      };
      return settle(request, row, written, action);
    },

    /** Changes `row` with `write`, which answers the row as it is now; answers its record. */
    settle,

    /** Removes `row` with `write` (or starts removing it). */
    delete(request: FastifyRequest, row: Row, write: () => void): void {
      change(request, 'delete', row, { before: () => record(row, request), write });
    },
  };
}
