import { useSite } from "../settings.js";
import { claims } from "./claims.js";
import { PageHero, Section } from "./parts.js";

/** /contact: support e-mail, community chat, social links and how to report a server. */
export function ContactPage() {
  const site = useSite();
  return (
    <>
      <PageHero eyebrow="Contact" title="Talk to us">
        <p>
          A2A Chat is run by one person with the help of its community. The quickest answers come
          from the community chat; account and billing questions go by e-mail.
        </p>
      </PageHero>
      <Section title="Ways to reach us">
        <dl className="faq">
          <dt>Support e-mail</dt>
          <dd>
            <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
          </dd>
          <dt>Community chat</dt>
          <dd>
            <a href={site.communityUrl}>{site.communityUrl}</a>
          </dd>
          <dt>Social</dt>
          <dd>
            <ul className="flex flex-wrap gap-4">
              {site.socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="me noopener">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
          <dt>Privacy</dt>
          <dd>
            Our data protection officer:{" "}
            <a href={`mailto:${site.privacyEmail}`}>{site.privacyEmail}</a>
          </dd>
        </dl>
      </Section>
      <Section title="A tool server that does not work">
        <div className="prose">
          <p>{claims.promise}</p>
          <p>To report one, e-mail us or post in the community chat with:</p>
          <ul>
            <li>the server's URL (or how to run it) and its transport;</li>
            <li>which authentication it uses;</li>
            <li>what the official MCP Inspector shows for it, and what the app shows.</li>
          </ul>
        </div>
      </Section>
    </>
  );
}
