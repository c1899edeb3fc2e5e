import { Stack, Text } from '@chakra-ui/react';
import { LuHash, LuMap } from 'react-icons/lu';
import type { ClubDetails_ClubFragment } from '../../gql/graphql';
import { webUrl } from '../../lib/web-url';
import { what3wordsUrl } from './club-format';
import { ClubSection } from './club-section';
import { ExternalLink } from './external-link';

/** 'Location': address, city, postcode, what3words and a Google Maps link. */
export function ClubLocation({ club }: { club: ClubDetails_ClubFragment }) {
  const lines = [club.address, club.city, club.postcode].map((line) => line?.trim()).filter((line): line is string => !!line);
  const mapsUrl = webUrl(club.googleMapsUrl);
  const w3w = club.what3words?.trim();
  return (
    <ClubSection title="Location">
      {lines.length === 0 && !w3w && !mapsUrl ? (
        <Text color="fg.muted">No address published yet.</Text>
      ) : (
        <Stack gap="2">
          {lines.length > 0 && (
            <Text as="address" fontStyle="normal" whiteSpace="pre-line">
              {lines.join('\n')}
            </Text>
          )}
          {w3w && (
            <ExternalLink href={what3wordsUrl(w3w)} icon={<LuHash />}>
              {w3w}
            </ExternalLink>
          )}
          {mapsUrl && (
            <ExternalLink href={mapsUrl} icon={<LuMap />}>
              View on Google Maps
            </ExternalLink>
          )}
        </Stack>
      )}
    </ClubSection>
  );
}
