// Kept free of zod: the website's tracker bundles this file.

/** Base path of the website's analytics calls (tools spec §9). */
export const analyticsBasePath = "/api/v1/blog/events";

/** Fewest seconds of visible time on a page before its engagement is sent (tools spec §9). */
export const minEngagementSeconds = 5;

/** The analytics calls under the base path (tools spec §7). */
export type AnalyticsEvent = "view" | "engagement" | "share";
