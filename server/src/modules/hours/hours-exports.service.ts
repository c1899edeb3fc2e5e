// The club's hours export: a signed download address (5 minutes, lib/download-links.ts) and the
// file behind it (the shared export files, lib/export-files.ts), served by hours.downloads.ts. The
// hours themselves are hours.service.ts's (changes) and hours-reads.service.ts's (reads).
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.js';
import { clubs, users } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import { DOWNLOAD_LINK_MESSAGES, DownloadLinks } from '../../lib/download-links.js';
import { CONTENT_TYPES, csvFile, oneBatch, xlsxFile, type Sheet } from '../../lib/export-files.js';
import type { ExportDownload } from '../../http/downloads.js';
import { HOURS_MESSAGES as M, formatHours } from './hours.rules.js';
import { VIEW_COLUMNS, VIEW_FROM, requireClub, summaryOfClub, viewOf, type RawView } from './hours.shared.js';

export type ExportHoursFormat = 'csv' | 'xlsx';
export const HOURS_EXPORT_PATH = '/api/hours/exports';
const EXPORT_AUDIENCE = 'clubroom:hours-export';

const claimsOfLink = z.object({ sub: z.uuid(), format: z.enum(['csv', 'xlsx']), filename: z.string().regex(/^[a-z0-9-]+\.(xlsx|csv)$/) });

export class HoursExportsService {
  static async create(db: Db): Promise<HoursExportsService> {
    return new HoursExportsService(db, await DownloadLinks.create(db, EXPORT_AUDIENCE));
  }

  private constructor(
    private readonly db: Db,
    private readonly links: DownloadLinks,
  ) {}

  /** A signed address (5 minutes) of the caller's club's hours as CSV or XLSX. */
  async exportClubHours(viewer: Viewer, format: ExportHoursFormat): Promise<{ downloadUrl: string; filename: string; expiresAt: Date }> {
    await requireClub(this.db, viewer);
    const now = Date.now();
    const filename = `volunteer-hours-${new Date(now).toISOString().slice(0, 10)}.${format}`;
    const { token, expiresAt } = await this.links.sign(viewer.userId, { format, filename }, now);
    return { downloadUrl: `${HOURS_EXPORT_PATH}/${token}`, filename, expiresAt };
  }

  /**
   * The file behind an export address: the club owner who asked must still own the club (and the
   * account be active). Three sheets (CSV sections): every hours row, approved hours per volunteer,
   * approved hours per position; every text cell neutralised (lib/export-files.ts).
   */
  async openExport(token: string): Promise<ExportDownload> {
    const claims = claimsOfLink.safeParse(await this.links.verify(token));
    if (!claims.success) throw errors.notFound(DOWNLOAD_LINK_MESSAGES.linkInvalid);
    const { sub, format, filename } = claims.data;
    const [owner] = await this.db
      .select({ id: clubs.id, status: users.status })
      .from(clubs)
      .innerJoin(users, sql`${users.id} = ${clubs.id}`)
      .where(sql`${clubs.id} = ${sub}`);
    if (!owner || owner.status !== 'active') throw errors.forbidden(M.noClub);
    const rows = rowsOf<RawView>(await this.db.execute(sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where h.club_id = ${sub} order by h.work_date, h.created_at, h.id`)).map(viewOf);
    const summary = await summaryOfClub(this.db, sub);
    const hoursOf = (minutes: number) => Number(formatHours(minutes));
    const sheets: Sheet[] = [
      {
        name: 'Hours',
        columns: [
          { header: 'Volunteer', width: 24 },
          { header: 'Position', width: 24 },
          { header: 'Date', width: 12 },
          { header: 'Hours', width: 8 },
          { header: 'Source', width: 8 },
          { header: 'Status', width: 10 },
          { header: 'Note', width: 40 },
          { header: 'Reason', width: 30 },
          { header: 'Decided (UTC)', kind: 'date' },
        ],
        batches: oneBatch(rows.map((r) => [r.volunteerName, r.positionTitle, r.workDate, hoursOf(r.minutes), r.source, r.status, r.note, r.reason ?? '', r.decidedAt])),
      },
      {
        name: 'Approved per volunteer',
        columns: [{ header: 'Volunteer', width: 30 }, { header: 'Approved hours', width: 14 }],
        batches: oneBatch(summary.byVolunteer.map((r) => [r.volunteerName, hoursOf(r.minutes)])),
      },
      {
        name: 'Approved per position',
        columns: [{ header: 'Position', width: 30 }, { header: 'Approved hours', width: 14 }],
        batches: oneBatch(summary.byPosition.map((r) => [r.positionTitle, hoursOf(r.minutes)])),
      },
    ];
    const body: Readable = format === 'csv' ? csvFile(sheets) : xlsxFile(sheets);
    return { filename, contentType: CONTENT_TYPES[format], body };
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** The club's hours export: the signed address and the file behind it. */
    hoursExports: HoursExportsService;
  }
}
