import { createTheme } from '@mui/material/styles';

/** Where the chosen mode (system, light or dark) is kept between visits. */
export const colorModeStorageKey = 'skydeck.color-mode';

/** The space the maintenance banner takes at the bottom of the window, kept free below dialogs. */
export const maintenanceSpaceVariable = '--skydeck-maintenance-space';

/**
 * Light and dark schemes as CSS variables switched by a class on <html>, so a mode change
 * restyles the page without re-rendering it; the default mode follows `prefers-color-scheme`.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  // Text on coloured buttons and chips must reach WCAG AA (4.5:1), not MUI's default of 3:1.
  colorSchemes: {
    light: { palette: { contrastThreshold: 4.5 } },
    dark: { palette: { contrastThreshold: 4.5 } },
  },
  shape: { borderRadius: 8 },
  typography: {
    h4: { fontWeight: 600 },
  },
  components: {
    // The app bar is fixed over the top of the window (56 px high on a phone, 48 on a phone held
    // sideways, 64 from sm: MUI's toolbar): what the browser scrolls into view, a field focused
    // for its error or a wizard's next step, stops 8 px below it instead of under it.
    MuiCssBaseline: {
      styleOverrides: (theme) => ({
        html: {
          scrollPaddingTop: 64,
          '@media (orientation: landscape)': { scrollPaddingTop: 56 },
          [theme.breakpoints.up('sm')]: { scrollPaddingTop: 72 },
        },
      }),
    },
    // A link on a hovered table row (or hovered itself) sits on a tinted background: a deeper
    // (light) or paler (dark) shade of primary keeps it above 4.5:1 there.
    MuiLink: {
      variants: [
        {
          props: { color: 'primary' },
          style: ({ theme }) => ({
            '&:hover, .MuiTableRow-hover:hover &': {
              color: theme.vars.palette.primary.dark,
              ...theme.applyStyles('dark', { color: theme.vars.palette.primary.light }),
            },
          }),
        },
      ],
    },
    MuiDialog: {
      styleOverrides: {
        container: { paddingBottom: `var(${maintenanceSpaceVariable}, 0px)` },
      },
    },
  },
});
