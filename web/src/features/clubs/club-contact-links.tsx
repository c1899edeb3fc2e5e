import { Flex, HStack, Icon, Link, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuGlobe, LuMail, LuPhone } from 'react-icons/lu';
import type { ClubContactLinks_ClubFragment } from '../../gql/graphql';
import { webUrl } from '../../lib/web-url';
import { displayHost } from './club-format';

interface ClubContactLinksProps {
  club: ClubContactLinks_ClubFragment;
  /** Cards show short labels ('Email', 'Call', 'Website'); the club page shows the addresses. */
  compact?: boolean;
}

function ContactLink({ href, icon, external, title, children }: { href: string; icon: ReactNode; external?: boolean; title?: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      title={title}
      colorPalette="teal"
      color="colorPalette.fg"
      textStyle="sm"
      wordBreak="break-all"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <HStack as="span" gap="1.5">
        <Icon size="sm" flexShrink="0">
          {icon}
        </Icon>
        {children}
        {external && <VisuallyHidden>(opens in a new tab)</VisuallyHidden>}
      </HStack>
    </Link>
  );
}

/** Email (mailto:), phone (tel:) and website (a new tab). */
export function ClubContactLinks({ club, compact = false }: ClubContactLinksProps) {
  const website = webUrl(club.websiteUrl);
  const phone = club.contactPhone?.trim();
  return (
    <Flex wrap="wrap" direction={compact ? 'row' : 'column'} columnGap="4" rowGap="2">
      <ContactLink href={`mailto:${club.contactEmail}`} icon={<LuMail />} title={compact ? club.contactEmail : undefined}>
        {compact ? 'Email' : club.contactEmail}
      </ContactLink>
      {phone && (
        <ContactLink href={`tel:${phone.replace(/[^\d+]/g, '')}`} icon={<LuPhone />} title={compact ? phone : undefined}>
          {compact ? 'Call' : phone}
        </ContactLink>
      )}
      {website && (
        <ContactLink href={website} icon={<LuGlobe />} external title={compact ? website : undefined}>
          {compact ? 'Website' : displayHost(website)}
        </ContactLink>
      )}
    </Flex>
  );
}
