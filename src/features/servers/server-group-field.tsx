import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import { serverGroupQueries } from '../../api/server-groups';
import { Field } from '../../components/description-list';
import { links } from '../../lib/links';
import { RouterLink } from '../../components/router-link';

/** The server's group in its overview, linked; the real service may leave the field out. */
export function ServerGroupField({ group }: { group: string | null | undefined }) {
  const detail = useQuery({ ...serverGroupQueries.detail(group ?? ''), enabled: !!group });
  return (
    <Field term="Server group">
      {group ? (
        <Link component={RouterLink} to={links.serverGroup(group)}>
          {detail.data?.title ?? group}
        </Link>
      ) : (
        '—'
      )}
    </Field>
  );
}
