// What the platform counts as a volunteer (issue 25, item 19): one definition, said the same way
// wherever a count of volunteers is shown. Pure: the web client imports it for the cards' captions.

/** A volunteer is a volunteer profile whose account is active (not suspended or banned) and that
 *  no moderator has hidden: the administration spec's 'Active profiles'. */
export const VOLUNTEER_DEFINITION =
  'Volunteer profiles whose account is active (not suspended or banned) and that a moderator has not hidden.';

/** The caption under every card that shows the number of volunteers. */
export const VOLUNTEERS_CAPTION = 'Active profiles (not suspended, banned or hidden)';
