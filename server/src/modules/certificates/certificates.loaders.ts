// What a list of certificates can ask for besides its rows: each certificate's revocations, one
// statement per request whatever the list's length.
import DataLoader from 'dataloader';
import type { CertificatesService, CertificateView, Revocation } from './certificates.service.js';

export interface CertificateLoaders {
  /** What of a certificate's hours is still approved (keyed by the certificate's id). */
  certificateRevocation: DataLoader<CertificateView, Revocation, string>;
}

export function createCertificateLoaders(certificates: CertificatesService): CertificateLoaders {
  return {
    certificateRevocation: new DataLoader((rows) => certificates.revocations(rows), { cacheKeyFn: (row) => row.id }),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends CertificateLoaders {}
}
