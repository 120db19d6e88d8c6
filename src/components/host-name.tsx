import { Fragment } from 'react';
import Box from '@mui/material/Box';

/** A label this long or shorter is not broken (see `HostName`). */
const unbrokenLabel = 16;

/**
 * A host name, which has no space: it may wrap after a dot, where a reader would break it, but
 * not inside its last two labels (`upcloud.host`), nor at a hyphen of a short label. A browser
 * breaks after any hyphen, and a phone showed a server's host name as "web-" over
 * "1.demo.example.com". A label longer than `unbrokenLabel` (a load balancer's generated name)
 * may still break at its hyphens, or where its box allows, rather than overflow a phone's column.
 */
export function HostName({ name }: { name: string }) {
  const labels = name.split('.');
  const parts = [...labels.slice(0, -2), labels.slice(-2).join('.')];
  return parts.map((part, index) => {
    const last = index === parts.length - 1;
    const text = last ? part : `${part}.`;
    return (
      <Fragment key={index}>
        {part.length <= unbrokenLabel ? (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {text}
          </Box>
        ) : (
          text
        )}
        {!last && <wbr />}
      </Fragment>
    );
  });
}
