import Box from '@mui/material/Box';

const everywhere = ['0.0.0.0/0', '::/0'];

function isEverywhere(ranges: string[]) {
  return ranges.length === everywhere.length && everywhere.every((range) => ranges.includes(range));
}

/** Allowed ranges as people read them: "Any address", "Nowhere" or the list itself. */
export function IpRangesText({ ranges }: { ranges: string[] }) {
  if (ranges.length === 0) return 'Nowhere (blocked)';
  if (isEverywhere(ranges)) return 'Any address';
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ranges.map((range) => (
        <li key={range}>
          <code>{range}</code>
        </li>
      ))}
    </Box>
  );
}
