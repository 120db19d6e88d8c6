import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
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

/** Subscribes to nothing: what changes is which snapshot React reads, not a store. */
const unchanging = () => () => undefined;

/**
 * Whether the server's page has been taken over: false while React takes it over (its server
 * snapshot), true after and in a page drawn in the browser. The server cannot know the mode this
 * browser keeps.
 */
const useTakenOver = () =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );

/**
 * System, light or dark; MUI keeps the choice in localStorage (see the theme provider). Plain
 * toggle buttons (aria-pressed) rather than MUI's ToggleButtonGroup: the app bar is part of the
 * first load, and IconButton is there already.
 */
export function ThemeSwitch() {
  const { mode: kept = 'system', setMode } = useColorScheme();
  // As the server drew it until the page is taken over (the provider reads the kept mode at once,
  // providers.tsx): then this switch alone is drawn again.
  const mode = useTakenOver() ? kept : 'system';
  return (
    <Box
      role="group"
      aria-label="Colour theme"
      sx={{ display: 'flex', border: 1, borderColor: 'currentColor', borderRadius: 1 }}
    >
      {modes.map(({ mode: option, label, Icon }) => (
        <IconButton
          key={option}
          color="inherit"
          size="small"
          aria-label={label}
          aria-pressed={mode === option}
          title={label}
          onClick={() => setMode(option)}
          sx={(theme) => ({
            borderRadius: 0,
            ...(mode === option && {
              bgcolor: 'rgba(0 0 0 / 0.28)',
              ...theme.applyStyles('dark', { bgcolor: 'rgba(255 255 255 / 0.2)' }),
            }),
          })}
        >
          <Icon fontSize="small" />
        </IconButton>
      ))}
    </Box>
  );
}
