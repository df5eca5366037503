import { useSite } from "../settings.js";
import { claims } from "./claims.js";
import { PageHero, Section } from "./parts.js";

/** /about: who makes A2A Chat and how to reach them. */
export function AboutPage() {
  const site = useSite();
  return (
    <>
      <PageHero eyebrow="About" title="A small project with a clear aim">
        <p>{claims.people}</p>
      </PageHero>
      <Section title="What we build">
        <div className="prose">
          <p>
            AI agents get useful when they can reach the tools you already use. A2A Chat puts both
            in one place: a web client and server for agents that speak the A2A protocol and for
            Model Context Protocol (MCP) tool servers, and a native iOS and Android app that runs
            those tool servers by voice or by text.
          </p>
          <p>
            It is made for developers and teams who run their own tool servers and want to use them
            from anywhere, without giving up control of their data. The web client and server are
            open source; the mobile app has one simple <a href="/pricing">subscription</a>.
          </p>
          <p>
            Read the <a href="/documentation">mission</a> for where the project is going and why it
            is still an early version.
          </p>
        </div>
      </Section>
      <Section title="Support">
        <div className="prose">
          <p>Support comes from the people who build and use A2A Chat:</p>
          <ul>
            <li>
              the <a href={site.communityUrl}>community chat</a>, for questions, ideas and help;
            </li>
            <li>
              e-mail to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>, for
              anything about your account or subscription;
            </li>
            <li>
              {site.socialLinks.map((link, index) => (
                <span key={link.url}>
                  {index > 0 && ", "}
                  <a href={link.url}>{link.label}</a>
                </span>
              ))}
              , for news.
            </li>
          </ul>
          <p>
            More on the <a href="/contact">contact page</a>.
          </p>
        </div>
      </Section>
    </>
  );
}
