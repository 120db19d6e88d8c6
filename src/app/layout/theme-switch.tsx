import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';

type Mode = 'system' | 'light' | 'dark';

const modes: ReadonlyArray<{ mode: Mode; label: string; Icon: typeof DarkModeIcon }> = [
  { mode: 'system', label: 'Same as system', Icon: SettingsBrightnessIcon },
  { mode: 'light', label: 'Light', Icon: LightModeIcon },
  { mode: 'dark', label: 'Dark', Icon: DarkModeIcon },
];

/** System, light or dark; MUI keeps the choice in localStorage (see the theme provider). */
export function ThemeSwitch() {
  const { mode = 'system', setMode } = useColorScheme();
  return (
    <ToggleButtonGroup
      value={mode}
      exclusive
      size="small"
      aria-label="Colour theme"
      onChange={(_event, next: Mode | null) => {
        if (next) setMode(next);
      }}
      sx={(theme) => ({
        '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'currentColor' },
        '& .MuiToggleButton-root.Mui-selected': {
          color: 'inherit',
          bgcolor: 'rgba(0 0 0 / 0.28)',
          ...theme.applyStyles('dark', { bgcolor: 'rgba(255 255 255 / 0.2)' }),
        },
      })}
    >
      {modes.map(({ mode: option, label, Icon }) => (
        <ToggleButton key={option} value={option} aria-label={label} title={label}>
          <Icon fontSize="small" />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
