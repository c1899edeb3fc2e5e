// The services of every domain, made once per process and shared by GraphQL, REST and workers.
// `Services` is declared empty in lib/services.ts and filled in by each module; this is the one
// place that makes them all.
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { PubSub } from '../graphql/pubsub.js';
import type { Services } from '../lib/services.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { RateLimitService } from '../modules/auth/rate-limit.service.js';
import { TokenService } from '../modules/auth/tokens.js';
import { UsersService } from '../modules/users/users.service.js';
import { MessagesService } from '../modules/messages/messages.service.js';
import { MessageListsService } from '../modules/messages/message-lists.service.js';
import { MessageReadStateService } from '../modules/messages/message-read-state.service.js';
import { MemberBlocksService } from '../modules/messages/member-blocks.service.js';
import { NotificationsService } from '../modules/notifications/notifications.service.js';
import { NotificationDispatcher } from '../modules/notifications/notify.service.js';
import { NotificationPreferencesService } from '../modules/notifications/notification-preferences.service.js';
import { PushService } from '../modules/notifications/push.service.js';
import { SessionsService } from '../modules/sessions/sessions.service.js';
import { SessionReadsService } from '../modules/sessions/session-reads.service.js';
import { SessionPlannerService } from '../modules/sessions/session-planner.service.js';
import { SessionAnswersService } from '../modules/sessions/session-answers.service.js';
import { SessionRemindersService } from '../modules/sessions/session-reminders.service.js';
import { ClubFollowsService } from '../modules/clubs/club-follows.service.js';
import { AnnouncementsService } from '../modules/announcements/announcements.service.js';
import { DataExportService } from '../modules/account/data-export.service.js';
import { CertificatesService } from '../modules/certificates/certificates.service.js';
import { AccountDeletionService } from '../modules/account/account-deletion.service.js';
import { ClubsService } from '../modules/clubs/clubs.service.js';
import { VolunteerPositionsService } from '../modules/clubs/volunteer-positions.service.js';
import { ClubMeetingTimesService } from '../modules/clubs/club-meeting-times.service.js';
import { ClubDirectoryService } from '../modules/clubs/club-directory.service.js';
import { CouncilService } from '../modules/council/council.service.js';
import { meetingEvent } from '../modules/council/council.ics.js';
import { CalendarService } from '../modules/calendar/calendar.service.js';
import { ApiTokensService } from '../modules/tokens/tokens.service.js';
import { AdminService } from '../modules/admin/admin.service.js';
import { AdminApplicationsService } from '../modules/admin/admin-applications.service.js';
import { AdminApprovalsService } from '../modules/admin/admin-approvals.service.js';
import { AdminVerificationService } from '../modules/admin/admin-verification.service.js';
import { AdminAuditService } from '../modules/admin/admin-audit.service.js';
import { AdminReportsService } from '../modules/admin/admin-reports.service.js';
import { AdminExportsService } from '../modules/admin/admin-exports.service.js';
import { AdminUsersService } from '../modules/admin-users/admin-users.service.js';
import { TokenBudget } from '../modules/tokens/tokens.budget.js';
import { VolunteersService } from '../modules/volunteers/volunteers.service.js';
import { ProfileImages } from '../modules/volunteers/volunteers.uploads.js';
import { OpportunitiesService } from '../modules/opportunities/opportunities.service.js';
import { VolunteerPlacesService } from '../modules/opportunities/volunteer-places.service.js';
import { VolunteerOffersService } from '../modules/opportunities/volunteer-offers.service.js';
import { ShiftsService } from '../modules/opportunities/shifts.service.js';
import { ShiftSwapsService } from '../modules/opportunities/shift-swaps.service.js';
import { ShiftReadsService } from '../modules/opportunities/shift-reads.service.js';
import { VolunteerApplicationsService } from '../modules/opportunities/volunteer-applications.service.js';
import { ApplicationListsService } from '../modules/opportunities/application-lists.service.js';
import { AnalyticsService } from '../modules/analytics/analytics.service.js';
import { HoursService } from '../modules/hours/hours.service.js';
import { HoursReadsService } from '../modules/hours/hours-reads.service.js';
import { HoursExportsService } from '../modules/hours/hours-exports.service.js';
import { ModerationService } from '../modules/moderation/moderation.service.js';
import { checkProblem, SafeguardingService, verifiedVolunteers } from '../modules/safeguarding/safeguarding.service.js';
import { CheckKindsService } from '../modules/safeguarding/check-kinds.service.js';
import { CheckReviewsService } from '../modules/safeguarding/check-reviews.service.js';
import { CheckRemindersService } from '../modules/safeguarding/check-reminders.service.js';
import { WebhooksService } from '../modules/webhooks/webhooks.service.js';
import { IdempotencyKeys } from '../http/idempotency.js';
import { SecretBox } from '../lib/secret-box.js';
import { SignedLinks } from '../lib/signed-links.js';

export type { Services };

export async function createServices(database: Database, config: Config, pubsub: PubSub): Promise<Services> {
  const { db } = database;
  // Modules write their webhook events with webhooks.emit(tx, event) in their changes' transactions.
  const webhooks = new WebhooksService(db, {
    allowPrivateOutboundUrls: config.allowPrivateOutboundUrls,
    secrets: await SecretBox.create(db, 'webhook_secrets', config.webhookSecretsKey),
    pubsub,
  });
  const users = new UsersService(db);
  const rateLimits = new RateLimitService(db, config.rateLimit);
  const tokens = await TokenService.create(db, config.jwtSecret, config.accessTokenTtlSeconds);
  const apiTokens = new ApiTokensService(db, pubsub, { creationsPerHour: config.writeLimits.tokenCreationsPerHour, retentionDays: config.apiTokenRetentionDays });
  const tokenBudget = new TokenBudget(db, { budget: config.apiTokens.costBudget, windowMinutes: config.apiTokens.costWindowMinutes });
  const notifications = new NotificationsService(db, pubsub, config.writeLimits.collapseMinutes);
  const notificationPreferences = new NotificationPreferencesService(db, pubsub, config.councilTimeZone, await SignedLinks.create(db, 'unsubscribe'), config.appUrl);
  const push = new PushService(db, await PushService.keys(db, config.vapid), {
    allowPrivateOutboundUrls: config.allowPrivateOutboundUrls,
    unreadCount: (userId) => notifications.unreadCount(userId),
  });
  // Every message to a member goes through the dispatcher.
  const notify = new NotificationDispatcher(notifications, pubsub, {
    push,
    appUrl: config.appUrl,
    timeZone: config.councilTimeZone,
    collapseMinutes: config.writeLimits.collapseMinutes,
    unsubscribeUrl: (userId, kind) => notificationPreferences.unsubscribeUrl(userId, kind),
  });
  const auth = new AuthService({ db, users, tokens, rateLimits, apiTokens, pubsub, notify, webhooks, config });
  const memberBlocks = new MemberBlocksService(db);
  const messages = new MessagesService(db, users, notify, memberBlocks, pubsub, config.appUrl, webhooks, config.writeLimits);
  const messageLists = new MessageListsService(db, users);
  const messageReadState = new MessageReadStateService(db, notifications, pubsub);
  const sessionReads = new SessionReadsService(db, config.councilTimeZone, { pubsub });
  const sessionPlanner = new SessionPlannerService(db, config.councilTimeZone, sessionReads, { notify, pubsub, webhooks });
  const sessions = new SessionsService(db, sessionReads, { notify, pubsub, webhooks });
  const sessionAnswers = new SessionAnswersService(db, sessionReads, { notify, pubsub, webhooks });
  const sessionReminders = new SessionRemindersService(db, sessionReads, sessionAnswers, { notify, links: await SignedLinks.create(db, 'session-answer'), appUrl: config.appUrl });
  const clubs = new ClubsService(db, notificationPreferences, webhooks);
  const volunteerPositions = new VolunteerPositionsService(db);
  const clubMeetingTimes = new ClubMeetingTimesService(db, sessionPlanner);
  const clubDirectory = new ClubDirectoryService(db);
  const clubFollows = new ClubFollowsService(db);
  const announcements = new AnnouncementsService(db, notify);
  const dataExports = new DataExportService(db, { links: await SignedLinks.create(db, 'data-export'), notify, preferences: notificationPreferences, pubsub, appUrl: config.appUrl });
  const certificates = new CertificatesService(db, { links: await SignedLinks.create(db, 'certificate-download'), notify, pubsub, appUrl: config.appUrl });
  const council = new CouncilService(db, config.councilTimeZone, webhooks);
  // A member's calendar feed carries the public council meetings as the council's own feed has them.
  const calendar = new CalendarService(db, {
    appUrl: config.appUrl,
    councilEvents: async (from, to) => {
      const [first, last] = [from, to].map((d) => d.toISOString().slice(0, 10));
      const meetings = await council.listAll(null);
      return meetings.filter((m) => m.meetingDate >= first! && m.meetingDate <= last!).map((m) => meetingEvent(m, { appUrl: config.appUrl, timeZone: council.timeZone }));
    },
  });
  const admin = new AdminService(db);
  const adminApplications = new AdminApplicationsService(db, admin);
  const adminApprovals = new AdminApprovalsService(db, admin, notify, config.appUrl, webhooks);
  const adminVerification = new AdminVerificationService(db, admin);
  const adminAudit = new AdminAuditService(db, admin);
  const adminReports = new AdminReportsService(db, admin);
  const adminExports = await AdminExportsService.create(db, { admin, audit: adminAudit, reports: adminReports });
  const adminUsers = new AdminUsersService(db, admin, users, pubsub, notify, config.appUrl);
  const volunteers = new VolunteersService(db, auth);
  const profileImages = new ProfileImages(config.uploadDir, volunteers);
  const opportunities = new OpportunitiesService(db);
  // The line engine signs the offers' one-tap links; the offers service reads them back.
  const offerLinks = await SignedLinks.create(db, 'volunteer-offer');
  const volunteerPlaces = new VolunteerPlacesService(db, { notify, webhooks, links: offerLinks, appUrl: config.appUrl, timeZone: config.councilTimeZone });
  const volunteerOffers = new VolunteerOffersService(db, volunteerPlaces, { notify, webhooks, links: offerLinks, appUrl: config.appUrl });
  const shifts = new ShiftsService(db, volunteerPlaces, { notify, webhooks, timeZone: config.councilTimeZone });
  const shiftReads = new ShiftReadsService(db);
  const shiftSwaps = new ShiftSwapsService(db, volunteerPlaces, shifts, { notify, limits: config.writeLimits });
  volunteerPlaces.useSignupSync(shifts.syncApplication);
  const volunteerApplications = new VolunteerApplicationsService(db, notify, volunteerPlaces, shifts, config.appUrl, webhooks, config.writeLimits);
  const applicationLists = new ApplicationListsService(db);
  const safeguarding = new SafeguardingService(db, { timeZone: config.councilTimeZone });
  const checkKinds = new CheckKindsService(db);
  const checkReviews = new CheckReviewsService(db, { timeZone: config.councilTimeZone });
  const checkReminders = new CheckRemindersService({ notify, timeZone: config.councilTimeZone });
  // Applying, accepting and promoting check the position's required safeguarding check.
  volunteerPlaces.useChecks({ checkProblem, verifiedVolunteers, today: (now) => safeguarding.today(now) });
  const moderation = new ModerationService(db, pubsub, { notifications, notify, messages, admin, accounts: () => adminUsers });
  const hoursReads = new HoursReadsService(db, { timeZone: config.councilTimeZone });
  const hours = new HoursService(db, notify, hoursReads, { timeZone: config.councilTimeZone, appUrl: config.appUrl, limits: config.writeLimits });
  const hoursExports = await HoursExportsService.create(db);
  const accountDeletion = new AccountDeletionService(db, {
    auth,
    adminUsers,
    admin,
    applications: volunteerApplications,
    notify,
    sessionAnswers,
    hours,
    pubsub,
    passwordHash: config.passwordHash,
    deleteUpload: (url) => profileImages.deleteStored(url),
  });
  const analytics = new AnalyticsService(db);
  const idempotency = new IdempotencyKeys(db);
  return { auth, users, rateLimits, messages, messageLists, messageReadState, memberBlocks, notifications, notify, notificationPreferences, push, dataExports, certificates, clubs, volunteerPositions, clubMeetingTimes, clubDirectory, clubFollows, announcements, sessions, sessionReads, sessionPlanner, sessionAnswers, sessionReminders, council, calendar, apiTokens, tokenBudget, admin, adminApplications, adminApprovals, adminVerification, adminAudit, adminReports, adminExports, adminUsers, volunteers, profileImages, opportunities, volunteerPlaces, volunteerOffers, shifts, shiftReads, shiftSwaps, volunteerApplications, applicationLists, safeguarding, checkKinds, checkReviews, checkReminders, hours, hoursReads, hoursExports, moderation, accountDeletion, analytics, idempotency, webhooks };
}
