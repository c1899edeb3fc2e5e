import { useLocation, useParams } from 'react-router-dom';
import { ClubDetails } from './club-details';
import { isClubId } from './club-format';
import { directoryPath } from './club-link-state';
import { ClubNotFound } from './club-not-found';

/** /clubs/:clubId: one approved club's public page. */
export default function ClubPage() {
  const { clubId } = useParams();
  const backTo = directoryPath(useLocation().state);
  if (!isClubId(clubId)) return <ClubNotFound backTo={backTo} />;
  // One instance per club, so moving between clubs never re-points a mounted query (see
  // ClubDirectoryPage for why that matters inside the router's transitions).
  return <ClubDetails key={clubId} clubId={clubId} backTo={backTo} />;
}
