import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public, RequiresScope, ReadScope } from '../../graphql/access.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { mutate } from '../../graphql/payload.js';
import { databaseId, toGlobalId } from '../../graphql/relay.js';
import type { PushSubscriptionRow } from '../../db/schema/index.js';
import { PUSH_DEVICES_MAX } from './notifications.rules.js';
import { PushDevice, RegisterPushDeviceInput, RegisterPushDevicePayload, RemovePushDeviceInput, RemovePushDevicePayload } from './notifications.types.js';

registerNodeType('PushDevice', 'read:profile', async (ctx, ids) => {
  if (!ctx.viewer) return ids.map(() => null);
  const rows = await ctx.services.push.byIds(ids);
  const mine = new Map(rows.filter((r) => r.userId === ctx.viewer!.userId).map((r) => [r.id, r]));
  return ids.map((id) => mine.get(id) ?? null);
});

const asDevice = (row: PushSubscriptionRow) => row as unknown as PushDevice;

@Resolver(() => PushDevice)
export class PushResolver {
  @Public()
  @ReadScope('read:public')
  @Query(() => String, { description: "The server's VAPID public key (base64url), for the browser's pushManager.subscribe({ applicationServerKey })." })
  pushPublicKey(@Ctx() ctx: Context): string {
    return ctx.services.push.publicKey;
  }

  @Authorized()
  @ReadScope('read:profile')
  @Query(() => [PushDevice], { description: `The caller's devices with push on, oldest first (at most ${PUSH_DEVICES_MAX}).` })
  async pushDevices(@Ctx() ctx: Context) {
    return (await ctx.services.push.devices(ctx.viewer!.userId)).map(asDevice);
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => RegisterPushDevicePayload, {
    description: `Turns push on for this device: its PushSubscription (endpoint and keys) and a name. The endpoint must be https on the public internet (not a private, loopback, link-local or metadata address). Registering the same endpoint again updates it; at most ${PUSH_DEVICES_MAX} devices. Push follows the caller's notification settings; a device the push service no longer knows (404, 410) is removed.`,
  })
  registerPushDevice(@Arg('input', () => RegisterPushDeviceInput, { description: 'The subscription.' }) input: RegisterPushDeviceInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.push.register(ctx.viewer!, input), (row) => ({ device: asDevice(row) }));
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => RemovePushDevicePayload, { description: "Turns push off for one of the caller's devices; another member's, or none, is NOT_FOUND 'Device not found'." })
  removePushDevice(@Arg('input', () => RemovePushDeviceInput, { description: 'The device.' }) input: RemovePushDeviceInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.push.remove(ctx.viewer!, { id: databaseId(input.id, 'PushDevice') }),
      (id) => ({ removedDeviceId: toGlobalId('PushDevice', id) }),
    );
  }

  @FieldResolver(() => String, { description: "The push service's host (the full endpoint is a secret of the device and never shown)." })
  pushService(@Root() row: PushSubscriptionRow): string {
    return new URL(row.endpoint).host;
  }
}
