import { Field, ObjectType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';

@ObjectType({ description: "The caller's private calendar feed. Its address is shown only when it is made or replaced (only a hash of its secret is kept)." })
export class CalendarFeed {
  @Field(() => Date, { description: 'When the current address was made (the last time it was replaced).' })
  createdAt!: Date;
}

@ObjectType({ description: 'The result of createCalendarFeed.' })
export class CreateCalendarFeedPayload extends Payload {
  @Field(() => CalendarFeed, { nullable: true, description: 'The new feed; null when refused.' })
  feed?: CalendarFeed | null;

  @Field(() => String, { nullable: true, description: 'The feed\'s https address, to paste into a calendar app ("subscribe from URL"). Shown this once: it cannot be read again.' })
  url?: string | null;

  @Field(() => String, { nullable: true, description: 'The same address with the webcal: scheme, which opens the calendar app to subscribe. Shown this once.' })
  webcalUrl?: string | null;
}

@ObjectType({ description: 'The result of rotateCalendarFeed.' })
export class RotateCalendarFeedPayload extends Payload {
  @Field(() => CalendarFeed, { nullable: true, description: 'The feed with its new address; null when refused.' })
  feed?: CalendarFeed | null;

  @Field(() => String, { nullable: true, description: 'The new https address. Shown this once: it cannot be read again. The old address has stopped working.' })
  url?: string | null;

  @Field(() => String, { nullable: true, description: 'The new address with the webcal: scheme. Shown this once.' })
  webcalUrl?: string | null;
}
