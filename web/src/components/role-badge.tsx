import { Badge } from '@chakra-ui/react';

const ROLE_LABELS: Record<string, { label: string; palette: string }> = {
  volunteer: { label: 'Volunteer', palette: 'green' },
  club_admin: { label: 'Club Admin', palette: 'blue' },
  platform_admin: { label: 'Platform Admin', palette: 'purple' },
};

/** Takes the REST role ('club_admin') or the GraphQL one ('CLUB_ADMIN'). */
export function RoleBadge({ role }: { role: string }) {
  const entry = ROLE_LABELS[role.toLowerCase()] ?? { label: role, palette: 'gray' };
  return (
    <Badge colorPalette={entry.palette} variant="subtle">
      {entry.label}
    </Badge>
  );
}
