import { z } from "zod";

export * from "./analytics-constants.js";

/** Largest time on page accepted, in seconds (what an integer column holds). */
export const maxTimeOnPageSeconds = 2_147_483_647;

/** Longest text of each analytics field, in characters. */
export const analyticsFieldLimits = {
  content_id: 500,
  session_id: 100,
  user_id: 100,
  referrer_url: 4096,
  referrer_source: 100,
  user_agent: 1024,
  platform: 50,
} as const;

type LimitedField = keyof typeof analyticsFieldLimits;

const contentId = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? "content_id is required"
        : "content_id must be a string",
  })
  .trim()
  .min(1, "content_id is required")
  .max(
    analyticsFieldLimits.content_id,
    `content_id must be at most ${analyticsFieldLimits.content_id} characters`,
  );

/** An optional text field; null, missing and "" are all stored as null. */
function optionalText(field: Exclude<LimitedField, "content_id">) {
  const max = analyticsFieldLimits[field];
  return z
    .string({ error: `${field} must be a string` })
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? null : value));
}

// A beacon with no body at all is read as an empty object, so it gets the field's own message.
const object = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((body) => body ?? {}, z.object(shape, { error: "Body must be a JSON object" }));

/** Body of POST /api/v1/blog/events/view (tools spec §3, §7): a view needs a content id. */
export const viewEventBodySchema = object({
  content_id: contentId,
  session_id: optionalText("session_id"),
  user_id: optionalText("user_id"),
  referrer_url: optionalText("referrer_url"),
  referrer_source: optionalText("referrer_source"),
  user_agent: optionalText("user_agent"),
});
/** A validated page view. */
export type ViewEventBody = z.infer<typeof viewEventBodySchema>;

const timeMessage = "time_on_page_seconds must be a non-negative number";

/**
 * Body of POST /api/v1/blog/events/engagement (tools spec §5): a content id and a non-negative
 * time, floored to whole seconds; the scroll depth is floored and clamped to 0–100.
 */
export const engagementEventBodySchema = object({
  content_id: contentId,
  session_id: optionalText("session_id"),
  time_on_page_seconds: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "time_on_page_seconds is required"
          : timeMessage,
    })
    .min(0, timeMessage)
    .max(maxTimeOnPageSeconds, `time_on_page_seconds must be at most ${maxTimeOnPageSeconds}`)
    .transform(Math.floor),
  scroll_depth_percent: z
    .number({ error: "scroll_depth_percent must be a number" })
    .nullish()
    .transform((value) =>
      value === undefined || value === null ? null : Math.min(100, Math.max(0, Math.floor(value))),
    ),
});
/** A validated engagement. */
export type EngagementEventBody = z.infer<typeof engagementEventBodySchema>;

/** Body of POST /api/v1/blog/events/share (tools spec §3, §7). */
export const shareEventBodySchema = object({
  content_id: contentId,
  session_id: optionalText("session_id"),
  platform: optionalText("platform"),
  user_id: optionalText("user_id"),
});
/** A validated share. */
export type ShareEventBody = z.infer<typeof shareEventBodySchema>;
