// Runs an export and tells the user (administration spec, section 8): 'Export Successful' and the
// download, 'Export Failed' with the server's reason, or 'Export Error' when the request itself
// failed.
import { useCallback, useState } from 'react';
import type { AdminExport_FileFragment } from '../../../gql/graphql';
import { downloadFile } from '../../../lib/download';
import { errorCodes } from '../../../lib/request-errors';
import { notify, notifySuccess } from '../../../lib/toaster';
import { UserErrors, errorMessageOf, type UserErrorData } from '../../../lib/user-errors';

export const EXPORT_TOASTS = {
  success: 'Export Successful',
  failed: 'Export Failed',
  failedDefault: 'The export could not be created.',
  error: 'Export Error',
  errorDescription: 'Something went wrong while exporting. Please try again.',
} as const;

/** An export mutation's payload. */
export interface ExportPayload {
  file?: AdminExport_FileFragment | null;
  userErrors: readonly UserErrorData[];
}

/** The server refused the export for a reason it states (a user error or a GraphQL error other
 *  than an internal one); anything else is a failed request. */
function refusalMessage(error: unknown): string | undefined {
  if (UserErrors.is(error)) return error.message;
  const codes = errorCodes(error);
  if (codes.length > 0 && !codes.includes('INTERNAL_SERVER_ERROR')) return errorMessageOf(error);
  return undefined;
}

/** `run(key, request)`: `exporting` is the key of the export under way, if any. */
export function useExport() {
  const [exporting, setExporting] = useState<string | null>(null);
  const run = useCallback(async (key: string, request: () => Promise<ExportPayload | null | undefined>) => {
    setExporting(key);
    try {
      const payload = await request();
      if (!payload?.file || payload.userErrors.length > 0) {
        notify({ title: EXPORT_TOASTS.failed, description: payload?.userErrors[0]?.message ?? EXPORT_TOASTS.failedDefault, type: 'error' });
        return;
      }
      downloadFile(payload.file.downloadUrl, payload.file.filename);
      notifySuccess(EXPORT_TOASTS.success, `${payload.file.filename} is downloading.`);
    } catch (error) {
      console.error('The export failed:', error);
      const refusal = refusalMessage(error);
      if (refusal !== undefined) notify({ title: EXPORT_TOASTS.failed, description: refusal || EXPORT_TOASTS.failedDefault, type: 'error' });
      else notify({ title: EXPORT_TOASTS.error, description: EXPORT_TOASTS.errorDescription, type: 'error' });
    } finally {
      setExporting(null);
    }
  }, []);
  return { exporting, run };
}
