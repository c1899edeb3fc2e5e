// What /messages/compose's address fills in: `?to=<member id>` chooses the recipient (Find
// Volunteers' 'Message', the club page's 'Message this club'); `?application=<id>` writes to the
// other side of that application (the club's owner for its volunteer, the volunteer for the club)
// with the subject 'Re: <opportunity title>'. An id that names nothing the caller may see leaves
// the dialog empty, as a plain 'New Message'.
import { useQuery } from '@apollo/client/react';
import { ComposeApplicationDocument } from './compose-prefill.generated';
import { ConversationPartnerDocument } from './messages.generated';
import { useAuth } from '../../lib/use-auth';
import type { Recipient } from './recipient';

export interface ComposePrefill {
  /** False while the recipient is still being looked up. */
  ready: boolean;
  recipient?: Recipient;
  subject?: string;
}

/** Global ids are base64url: anything else names nothing and is not asked for. */
const isId = (value: string | null | undefined): value is string => !!value && /^[A-Za-z0-9_-]{1,200}$/.test(value);

export function useComposePrefill({ to, application }: { to?: string | null; application?: string | null }): ComposePrefill {
  const me = useAuth().session?.user.node_id;
  const member = useQuery(ConversationPartnerDocument, {
    variables: { id: isId(to) ? to : '' },
    skip: !isId(to),
    context: { silent: true },
  });
  const applied = useQuery(ComposeApplicationDocument, {
    variables: { id: isId(application) ? application : '' },
    skip: !isId(application),
    context: { silent: true },
  });

  if (isId(application)) {
    if (applied.loading && !applied.data) return { ready: false };
    const found = applied.data?.volunteerApplication;
    if (!found) return { ready: true };
    // The volunteer writes to the club (its owner's account); the club writes to the volunteer.
    const other = found.volunteer.id === me ? found.club.owner : found.volunteer;
    return {
      ready: true,
      recipient: other ? { id: other.id, name: other.name, kind: other.kind } : undefined,
      subject: `Re: ${found.position.title}`,
    };
  }
  if (isId(to)) {
    if (member.loading && !member.data) return { ready: false };
    const found = member.data?.member;
    return { ready: true, recipient: found ? { id: found.id, name: found.name, kind: found.kind } : undefined };
  }
  return { ready: true };
}
