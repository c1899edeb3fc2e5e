import { Separator, Stack } from '@chakra-ui/react';
import { LuFacebook, LuInstagram, LuTwitter } from 'react-icons/lu';
import type { ClubDetails_ClubFragment } from '../../gql/graphql';
import { ClubContactLinks } from './club-contact-links';
import { webUrl } from '../../lib/web-url';
import { ClubSection } from './club-section';
import { ExternalLink } from './external-link';
import { MessageClubButton } from './message-club-button';

/** 'Contact': email, phone, website, then the club's Facebook, Instagram and Twitter/X. */
export function ClubContact({ club }: { club: ClubDetails_ClubFragment }) {
  const socials = [
    { label: 'Facebook', href: webUrl(club.facebookUrl), icon: <LuFacebook /> },
    { label: 'Instagram', href: webUrl(club.instagramUrl), icon: <LuInstagram /> },
    { label: 'Twitter/X', href: webUrl(club.twitterUrl), icon: <LuTwitter /> },
  ].filter((social): social is typeof social & { href: string } => !!social.href);
  return (
    <ClubSection title="Contact">
      <MessageClubButton club={club} />
      <ClubContactLinks club={club} />
      {socials.length > 0 && (
        <>
          <Separator />
          <Stack gap="2" role="group" aria-label="Social media">
            {socials.map((social) => (
              <ExternalLink key={social.label} href={social.href} icon={social.icon}>
                {social.label}
              </ExternalLink>
            ))}
          </Stack>
        </>
      )}
    </ClubSection>
  );
}
