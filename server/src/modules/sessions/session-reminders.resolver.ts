// One-tap answer links of session reminders (issue 29 §4): what a link would do, and the explicit
// confirmation that applies it. No sign-in needed: the signed link is the authority. Thin:
// session-reminders.service.ts holds the rules.
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public, SessionOnly, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { SESSION_MESSAGES as M } from './sessions.rules.js';
import { AnswerSessionByLinkInput, AnswerSessionByLinkPayload, ClubSession, MySessionAnswer, SessionAnswerChoiceEnum, SessionAnswerLink } from './sessions.types.js';

@Resolver()
export class SessionAnswerLinkResolver {
  @Public()
  @ReadScope('read:public')
  @Query(() => SessionAnswerLink, {
    nullable: true,
    description:
      "What a one-tap answer link from a session reminder would do: the session, the answer and whether the link was used. Changes nothing (mail scanners open links). Null when the link is forged, expired (links work until the session starts) or its session is gone.",
  })
  async sessionAnswerLink(@Arg('token', () => String, { description: 'The token of the link.' }) token: string, @Ctx() ctx: Context): Promise<SessionAnswerLink | null> {
    const view = await ctx.services.sessionReminders.linkView(token);
    return view ? { session: view.session as unknown as ClubSession, answer: view.answer as SessionAnswerChoiceEnum, used: view.used } : null;
  }

  @Public()
  @SessionOnly()
  @Mutation(() => AnswerSessionByLinkPayload, {
    description: `Applies a one-tap answer link from a session reminder for the member it was sent to, with the rules of answerSession (following, not started, places and the waiting list); no sign-in needed. A link answers once. Refused, changing nothing: a forged or expired link (NOT_FOUND '${M.linkInvalid}'), a used one ('${M.linkUsed}'), a cancelled session ('${M.cancelled}').`,
  })
  answerSessionByLink(@Arg('input', () => AnswerSessionByLinkInput, { description: 'The link.' }) input: AnswerSessionByLinkInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.sessionReminders.answerByLink(input.token),
      (result) => ({ session: result.session as unknown as ClubSession, answer: result.answer as unknown as MySessionAnswer }),
    );
  }
}
