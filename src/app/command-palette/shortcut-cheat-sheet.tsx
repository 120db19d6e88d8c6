import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { goToShortcuts } from './shortcuts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Each entry of `keys` is one combination (keys pressed together); `join` says how they follow. */
const shortcuts: { keys: string[][]; join?: 'then' | 'or'; action: string }[] = [
  { keys: [[isMac ? '⌘' : 'Ctrl', 'K']], action: 'Search or jump to a page or resource' },
  { keys: [['?']], action: 'Show these keyboard shortcuts' },
  ...goToShortcuts.map((shortcut) => ({
    keys: [['g'], [shortcut.key]],
    join: 'then' as const,
    action: `Go to ${shortcut.label}`,
  })),
  { keys: [['↑'], ['↓']], join: 'or', action: 'In the palette: move between results' },
  { keys: [['Enter']], action: 'In the palette: open the result' },
  { keys: [['Esc']], action: 'Close a dialog' },
];

function Key({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        minWidth: '1.75em',
        px: 0.75,
        py: 0.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'monospace',
        fontSize: '0.875rem',
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}

interface ShortcutCheatSheetProps {
  open: boolean;
  onClose: () => void;
}

/** `?`: every keyboard shortcut of the panel. Sequences (g then s) read "then". */
export function ShortcutCheatSheet({ open, onClose }: ShortcutCheatSheetProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcut-cheat-sheet-title">
      <Typography id="shortcut-cheat-sheet-title" component="h2" variant="h6" sx={{ px: 3, pt: 2 }}>
        Keyboard shortcuts
      </Typography>
      {/* The list scrolls on a short screen: a keyboard user must be able to reach and scroll it. */}
      <Box
        role="region"
        aria-label="Shortcuts"
        tabIndex={0}
        sx={{ px: 3, py: 1, overflowY: 'auto' }}
      >
        <Box
          component="table"
          sx={{
            borderCollapse: 'collapse',
            '& th, & td': { py: 0.75, pr: 3, textAlign: 'left', verticalAlign: 'top' },
            '& th': { fontWeight: 600 },
          }}
        >
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {shortcuts.map(({ keys, join, action }) => (
              <tr key={action}>
                <td>
                  {keys.map((combo, step) => (
                    <Box component="span" key={combo.join('+')} sx={{ whiteSpace: 'nowrap' }}>
                      {step > 0 && ` ${join ?? 'then'} `}
                      {combo.map((key, position) => (
                        <Box component="span" key={key}>
                          {position > 0 && ' + '}
                          <Key>{key}</Key>
                        </Box>
                      ))}
                    </Box>
                  ))}
                </td>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <Button onClick={onClose}>Close</Button>
      </Box>
    </Dialog>
  );
}
