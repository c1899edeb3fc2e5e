// Club announcements: the GraphQL types (issue 29 §5). Relations and owner-only counts are
// declared in announcements.resolver.ts.
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { connectionOf, Node } from '../../graphql/relay.js';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from './announcements.rules.js';

@ObjectType({
  implements: Node,
  description:
    "A club's announcement to its followers. Anyone who may see the club sees it, unless a moderator removed it (then platform administrators only).",
})
export class Announcement extends Node {
  @Field(() => String, { description: `The headline (at most ${ANNOUNCEMENT_TITLE_MAX} characters).` })
  title!: string;

  @Field(() => String, { description: `The text, plain (sanitised: no markup), with its line breaks; at most ${ANNOUNCEMENT_BODY_MAX} characters.` })
  body!: string;

  @Field(() => Date, { description: 'When it was posted.' })
  createdAt!: Date;
}

@ObjectType({ description: "A page of a club's announcements." })
export class AnnouncementConnection extends connectionOf(Announcement, 'Announcement', { totalCount: 'How many announcements the club has (that the caller may see).' }) {}

@InputType({ description: "A new announcement of the caller's club." })
export class PostAnnouncementInput {
  @Field(() => String, { description: `The headline: 1 to ${ANNOUNCEMENT_TITLE_MAX} characters (tags are stripped).` })
  title!: string;

  @Field(() => String, { description: `The text: 1 to ${ANNOUNCEMENT_BODY_MAX} characters once sanitised (tags and script are stripped; line breaks are kept).` })
  body!: string;
}

@ObjectType({ description: 'The result of postAnnouncement.' })
export class PostAnnouncementPayload extends Payload {
  @Field(() => Announcement, { nullable: true, description: 'The announcement, posted and sent to the followers; null when refused.' })
  announcement?: Announcement | null;
}

@InputType({ description: 'The announcement the caller opened.' })
export class MarkAnnouncementReadInput {
  @Field(() => ID, { description: "The announcement's global id." })
  announcementId!: string;
}

@ObjectType({ description: 'The result of markAnnouncementRead.' })
export class MarkAnnouncementReadPayload extends Payload {
  @Field(() => Announcement, { nullable: true, description: 'The announcement; null when refused.' })
  announcement?: Announcement | null;
}
