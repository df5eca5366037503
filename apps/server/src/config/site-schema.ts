import { z } from "zod";

const httpUrl = z.url({ protocol: /^https?$/ });

/** A social profile linked from the website's footer and contact page. */
const socialLinkSchema = z
  .object({ label: z.string().trim().min(1).max(40), url: httpUrl })
  .strict();

/**
 * The website's contact details (tools spec §1: community chat, social links, support e-mail).
 * The website is prerendered at build time, so these are read when `npm run build` runs.
 */
export const siteConfigSchema = z
  .object({
    /** Support address shown on the website (the spec's {email}). */
    supportEmail: z.email().default("support@a2a-chat.dev"),
    /** Contact of the data protection officer named by the privacy policy; the support address when unset. */
    privacyEmail: z.email().optional(),
    /** Invitation link of the community chat. */
    communityUrl: httpUrl.default("https://discord.gg/a2a-chat"),
    socialLinks: z
      .array(socialLinkSchema)
      .max(8)
      .default([
        { label: "GitHub", url: "https://github.com/a2a-chat/a2a-chat" },
        { label: "X", url: "https://x.com/a2a_chat" },
        { label: "LinkedIn", url: "https://www.linkedin.com/company/a2a-chat" },
      ]),
  })
  .strict();

/** The website's contact details. */
export type SiteConfig = z.infer<typeof siteConfigSchema>;
