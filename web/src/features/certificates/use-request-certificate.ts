// Asking for a certificate: the new (pending) certificate joins the top of the cached list, which
// then polls until its PDF is made (certificates-page.tsx). Refusals come back as UserErrors (the
// form shows them on their fields) or a RATE_LIMITED error with the server's words.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { RequestVolunteerCertificateInput } from '../../gql/graphql';
import { requirePayload } from '../../lib/user-errors';
import { MyCertificatesDocument, RequestVolunteerCertificateDocument } from './certificates.generated';

export function useRequestCertificate() {
  const [mutate, { loading }] = useMutation(RequestVolunteerCertificateDocument, {
    context: { silent: true },
    update(cache, { data }) {
      const created = data?.requestVolunteerCertificate.certificate;
      if (!created) return;
      cache.updateQuery({ query: MyCertificatesDocument }, (current) =>
        current
          ? {
              ...current,
              myVolunteerCertificates: {
                ...current.myVolunteerCertificates,
                totalCount: current.myVolunteerCertificates.totalCount + 1,
                nodes: [created, ...current.myVolunteerCertificates.nodes.filter((row) => row.id !== created.id)],
              },
            }
          : current,
      );
    },
  });

  const request = useCallback(
    async (input: RequestVolunteerCertificateInput) => {
      const { data } = await mutate({ variables: { input } });
      return requirePayload(data?.requestVolunteerCertificate).certificate;
    },
    [mutate],
  );

  return { request, requesting: loading };
}
