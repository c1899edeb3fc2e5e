import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { SessionOnly, ReadScope } from '../../graphql/access.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { mutate } from '../../graphql/payload.js';
import { ACCOUNT_MESSAGES, DATA_EXPORT_DAYS, DATA_EXPORTS_LISTED, DATA_EXPORTS_PER_DAY } from './account.rules.js';
import type { DataExportView } from './data-export.service.js';
import { DataExport, DeleteMyAccountInput, DeleteMyAccountPayload, RequestDataExportPayload } from './account.types.js';

registerNodeType('DataExport', 'read:profile', async (ctx, ids) => {
  if (!ctx.viewer) return ids.map(() => null);
  const mine = new Map((await ctx.services.dataExports.list(ctx.viewer.userId)).map((r) => [r.id, r]));
  return ids.map((id) => mine.get(id) ?? null);
});

@Resolver(() => DataExport)
export class AccountResolver {
  @Authorized()
  @ReadScope('read:profile')
  @Query(() => [DataExport], { description: `The caller's data archives, newest first (the last ${DATA_EXPORTS_LISTED}).` })
  myDataExports(@Ctx() ctx: Context) {
    return ctx.services.dataExports.list(ctx.viewer!.userId);
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => RequestDataExportPayload, {
    description: `Asks for an archive of everything tied to the caller (a .zip of JSON and CSV files with a README), built in the background and emailed as a link that works for ${DATA_EXPORT_DAYS} days. One at a time ('${ACCOUNT_MESSAGES.exportRunning}'), ${DATA_EXPORTS_PER_DAY} a day (RATE_LIMITED). Only from a signed-in session, never with an API token.`,
  })
  requestDataExport(@Ctx() ctx: Context) {
    return mutate(() => ctx.services.dataExports.request(ctx.viewer!), (row) => ({ dataExport: row as unknown as DataExport }));
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => DeleteMyAccountPayload, {
    description:
      "Deletes the caller's account after checking their password: every session, API token and push device ends at once (open sockets hear sessionRevoked with ACCOUNT_DELETED), personal data is removed, messages others received stay with the sender shown as 'Deleted member', a club of the account is unlisted and its pending applications answered, the member's open applications are withdrawn, and the deletion is audited. The only active platform administrator is refused. Only from a signed-in session, never with an API token.",
  })
  deleteMyAccount(@Arg('input', () => DeleteMyAccountInput, { description: 'The password.' }) input: DeleteMyAccountInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.accountDeletion.delete(ctx.viewer!, { ...input }, ctx.meta),
      () => ({ deleted: true }),
    );
  }

  @FieldResolver(() => String, { nullable: true, description: 'The download link while it is ready (signed, works until it expires, only for the caller); null otherwise.' })
  downloadUrl(@Root() row: DataExportView, @Ctx() ctx: Context) {
    return ctx.viewer?.userId === row.userId ? ctx.services.dataExports.downloadUrl(row) : null;
  }
}

