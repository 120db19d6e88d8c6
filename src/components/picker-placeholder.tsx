import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Where a small outlined picker comes while its code loads, at its size: its label on the top
 * border as MUI sets an outlined field's, the value it will show, and under it, if the picker has
 * one, its helper text (a caption line, 4 px below, as FormHelperText sets it). The page reads as
 * it will before the picker can be used; the border and text stay lighter until it can.
 */
export function PickerPlaceholder({
  label,
  value,
  width,
  helper,
}: {
  label: string;
  value: string;
  width: number;
  helper?: string;
}) {
  const field = (
    <Box
      sx={{
        position: 'relative',
        width,
        height: 40,
        px: 1.75,
        display: 'flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.secondary',
      }}
    >
      <Typography
        variant="caption"
        sx={{
          position: 'absolute',
          top: 0,
          left: 9,
          px: '5px',
          lineHeight: 1,
          transform: 'translateY(-50%)',
          bgcolor: 'background.paper',
        }}
      >
        {label}
      </Typography>
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {value}
      </Box>
    </Box>
  );
  if (helper === undefined) return field;
  return (
    <Box sx={{ width }}>
      {field}
      <Typography
        variant="caption"
        component="div"
        sx={{ mt: '4px', mx: 1.75, color: 'text.secondary' }}
      >
        {helper}
      </Typography>
    </Box>
  );
}
