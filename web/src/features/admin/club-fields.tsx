// How the admin area shows a club's own fields (the review's cards and the Clubs tab's dialog).
import { Badge, DataList, Link, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { webUrl } from '../../lib/web-url';

/** A label and its value, in a DataList. */
export function LabelledValue({ label, children, ...value }: { label: string; children: ReactNode } & DataList.ItemValueProps) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue {...value}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

export const NOT_GIVEN = (
  <Text as="span" color="fg.muted">
    Not provided
  </Text>
);

/** The club's sports as badges, or 'Not provided'. */
export function SportBadges({ sports }: { sports: readonly string[] }) {
  if (sports.length === 0) return NOT_GIVEN;
  return (
    <Wrap gap="1.5" as="ul" listStyleType="none" aria-label="Sports">
      {sports.map((sport) => (
        <li key={sport}>
          <Badge colorPalette="teal" variant="outline">
            {sport}
          </Badge>
        </li>
      ))}
    </Wrap>
  );
}

/** The club's website, opening in a new tab; only http(s) addresses become links. */
export function WebsiteLink({ url }: { url: string | null | undefined }) {
  const href = webUrl(url);
  if (!href) return NOT_GIVEN;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="teal" color="colorPalette.fg" wordBreak="break-all">
      {url}
      <LuExternalLink aria-hidden="true" />
      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
    </Link>
  );
}
