import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface DashboardSection {
  label: string;
  description: string;
  to: string;
  /** Shown only when the signed-in account is a partner account. */
  partnerOnly?: boolean;
}

/** Links into every resource group; the app shell decides which groups exist. */
export function SectionCards({ sections }: { sections: readonly DashboardSection[] }) {
  return (
    <Box component="section" aria-labelledby="sections-heading">
      <Typography id="sections-heading" variant="h6" component="h2" gutterBottom>
        Manage
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
        }}
      >
        {sections.map((section) => (
          <Card key={section.to} variant="outlined">
            <CardActionArea component={RouterLink} to={section.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {section.label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {section.description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
