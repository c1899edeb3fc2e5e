// Exports of the administration area (applications, audit log, statistics): generated on the
// server, streamed, served from a short-lived signed download address. (Being written: see the
// exports helper's brief.)
import type { Db } from '../../db/client.js';
import type { RequestMeta, Viewer } from '../auth/viewer.js';
import { loadSecret } from '../../lib/secrets.js';
import type { AdminService } from './admin.service.js';

export interface ExportFileResult {
  downloadUrl: string;
  filename: string;
  expiresAt: Date;
}

export class AdminExportsService {
  static async create(db: Db, admin: AdminService): Promise<AdminExportsService> {
    const secret = await loadSecret(db, 'export_secret', undefined);
    return new AdminExportsService(db, admin, new TextEncoder().encode(secret));
  }

  private constructor(
    private readonly db: Db,
    private readonly admin: AdminService,
    private readonly secret: Uint8Array,
  ) {}

  async applications(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ExportFileResult> {
    void [this.db, this.secret, viewer, raw, meta];
    throw new Error('not yet');
  }

  async auditLog(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ExportFileResult> {
    void [viewer, raw, meta];
    throw new Error('not yet');
  }

  async statistics(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ExportFileResult> {
    void [viewer, raw, meta, this.admin];
    throw new Error('not yet');
  }
}
