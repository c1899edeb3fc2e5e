// Download my data: asks the server for an archive. The new (pending) archive is put first in the
// cached list, which then polls until it is built (your-data.tsx). Refusals are toasts with the
// server's words: one being prepared is a userError, the fourth in a day a RATE_LIMITED error.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { DATA_EXPORTS_LISTED } from '@clubroom/rules/account';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { MyDataExportsDocument, RequestDataExportDocument } from './your-data.generated';
import { YOUR_DATA_TEXTS as T } from './your-data-texts';

export function useRequestDataExport() {
  const [mutate, { loading }] = useMutation(RequestDataExportDocument, {
    // The page says why it was refused (the server's message), not the general notices.
    context: { silent: true },
    update(cache, { data }) {
      const created = data?.requestDataExport.dataExport;
      if (!created) return;
      cache.updateQuery({ query: MyDataExportsDocument }, (list) =>
        list ? { myDataExports: [created, ...list.myDataExports.filter((row) => row.id !== created.id)].slice(0, DATA_EXPORTS_LISTED) } : list,
      );
    },
  });

  const request = useCallback(async () => {
    try {
      const { data } = await mutate();
      requirePayload(data?.requestDataExport);
      notifySuccess(T.requested);
    } catch (error) {
      console.error('Data export request failed:', error);
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    }
  }, [mutate]);

  return { request, requesting: loading };
}
